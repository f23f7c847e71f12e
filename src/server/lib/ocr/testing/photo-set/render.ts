// Prints receipt lines onto paper: an SVG drawn by sharp (librsvg) with a font of this machine, a logo drawn as a
// picture, a barcode, and for thermal-printer lookalikes a coarse dot raster with faded ink.
import sharp from 'sharp';
import { pick } from '#shared/domain/testing/prng.ts';
import type { PrintLine } from './print.ts';

/** Fonts Debian ships in fonts-dejavu and fonts-liberation; the first two print like a till's fixed pitch. */
export const FONTS = [
  'DejaVu Sans Mono',
  'Liberation Mono',
  'DejaVu Sans Condensed',
  'Liberation Sans Narrow',
  'DejaVu Sans',
  'Liberation Serif',
] as const;

export type PaperStyle = { font: string; thermal: boolean; fontSize: number; ink: number };

/** The printed paper as RGB pixels; `keepBottom` is where the lines that must stay readable end. */
export type Paper = { data: Buffer; width: number; height: number; margin: number; keepBottom: number };

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A style drawn at random: a font, thermal dots or not, a size and an ink darkness. */
export function paperStyle(random: () => number): PaperStyle {
  const thermal = random() < 0.45;
  return {
    font: thermal ? pick(random, FONTS.slice(0, 4)) : pick(random, FONTS),
    thermal,
    fontSize: 22 + Math.round(random() * 8),
    ink: Math.round(random() < 0.2 ? 70 + random() * 50 : 20 + random() * 30),
  };
}

function logoSvg(text: string, x: number, y: number, size: number, width: number): string {
  const h = size * 2.6;
  const w = Math.min(width * 0.8, text.length * size * 1.15 + size * 2);
  const left = x - w / 2;
  return (
    `<rect x="${left}" y="${y}" width="${w}" height="${h}" rx="${h / 3}" fill="#111"/>` +
    `<text x="${x}" y="${y + h * 0.7}" font-family="DejaVu Serif" font-weight="bold" font-style="italic" ` +
    `font-size="${size * 1.7}" fill="#fff" text-anchor="middle">${escapeXml(text)}</text>`
  );
}

function barcodeSvg(seed: string, x: number, y: number, size: number): string {
  const bars: string[] = [];
  let at = x - size * 6;
  for (let i = 0; i < 60; i += 1) {
    const digit = Number(seed[i % seed.length] ?? 1);
    const w = 2 + ((digit + i) % 3) * 2;
    if (i % 2 === 0) bars.push(`<rect x="${at}" y="${y}" width="${w}" height="${size * 2.2}" fill="#111"/>`);
    at += w;
  }
  return bars.join('');
}

/**
 * The parts of a fixed-width line: runs of text between two or more spaces, each with the column it starts at.
 * A proportional font cannot keep the columns by spaces, so each part is placed at its column and the last one
 * flush right.
 */
function parts(text: string): { text: string; column: number }[] {
  return [...text.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ text: m[0], column: m.index }));
}

function lineSvg(
  line: PrintLine,
  y: number,
  style: PaperStyle,
  width: number,
  margin: number,
  columns: number,
): string {
  const size = line.size === 'large' ? style.fontSize * 2 : style.fontSize;
  const weight = line.bold ? ' font-weight="bold"' : '';
  const fill = `rgb(${style.ink},${style.ink},${style.ink})`;
  const attrs = `font-family="${style.font}" font-size="${size}" fill="${fill}"${weight}`;
  if (line.centre) {
    return `<text x="${width / 2}" y="${y}" ${attrs} text-anchor="middle" xml:space="preserve">${escapeXml(line.text.trim())}</text>`;
  }
  const pitch = (width - 2 * margin) / (line.size === 'large' ? columns / 2 : columns);
  const pieces = parts(line.text);
  return pieces
    .map((p, i) => {
      const last = i === pieces.length - 1 && pieces.length > 1;
      const x = last ? width - margin : margin + p.column * pitch;
      return `<text x="${x}" y="${y}" ${attrs}${last ? ' text-anchor="end"' : ''}>${escapeXml(p.text)}</text>`;
    })
    .join('');
}

/** Coarse dots and uneven heat: the look of a thermal print head. */
async function thermalLook(png: Buffer, width: number, height: number, random: () => number): Promise<Buffer> {
  const small = await sharp(png)
    .resize({ width: Math.round(width / 2), height: Math.round(height / 2) })
    .greyscale()
    .raw()
    .toBuffer();
  // Every dot the head heats turns dark, as dark as the head runs that day; thin strokes stay whole.
  const dot = Math.round(255 - 225 * (0.75 + random() * 0.25));
  for (let i = 0; i < small.length; i += 1) small[i] = (small[i] ?? 255) < 210 ? dot : 255;
  return (
    sharp(small, { raw: { width: Math.round(width / 2), height: Math.round(height / 2), channels: 1 } })
      .resize({ width, height, kernel: 'nearest' })
      // The heated dots bleed a little into the paper around them.
      .blur(0.7)
      .toColourspace('srgb')
      .png()
      .toBuffer()
  );
}

/** Prints `lines` of `columns` characters onto white paper in `style`. */
export async function printPaper(
  lines: readonly PrintLine[],
  columns: number,
  style: PaperStyle,
  keepLines: number,
  random: () => number,
): Promise<Paper> {
  const margin = Math.round(style.fontSize * 1.6);
  const width = Math.round(columns * style.fontSize * 0.6 + 2 * margin);
  const step = Math.round(style.fontSize * 1.35);
  const body: string[] = [];
  let y = margin * 2;
  let keepBottom = y;
  for (const [i, line] of lines.entries()) {
    if (line.logo) {
      body.push(logoSvg(line.text, width / 2, y, style.fontSize, width));
      y += style.fontSize * 3.4;
    } else if (line.barcode) {
      body.push(barcodeSvg(line.text, width / 2, y, style.fontSize));
      y += style.fontSize * 3;
    } else {
      y += line.size === 'large' ? step * 2 : step;
      body.push(lineSvg(line, y - step * 0.3, style, width, margin, columns));
    }
    if (i < keepLines) keepBottom = y + step * 0.5;
  }
  const height = Math.round(y + margin * 3);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="#fff"/>${body.join('')}</svg>`;
  let png: Buffer = await sharp(Buffer.from(svg)).png().toBuffer();
  if (style.thermal) png = await thermalLook(png, width, height, random);
  const data = await sharp(png).removeAlpha().toColourspace('srgb').raw().toBuffer();
  return { data, width, height, margin, keepBottom: Math.min(height, Math.round(keepBottom)) };
}
