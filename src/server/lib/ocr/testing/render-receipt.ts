import sharp from 'sharp';
import { createPrng } from '#shared/domain/testing/prng.ts';

export type RenderOptions = {
  /** Same seed, same picture. */
  seed?: number;
  /** Font size of the receipt text in pixels (default 26, like a phone photo at arm's length). */
  fontSize?: number;
  /** Greatest tilt of the paper in degrees (default 1.5). */
  maxTiltDegrees?: number;
  /** Standard deviation of the grain added to every pixel (default 10). */
  noise?: number;
  /** Gaussian blur sigma (default 0.8); 0 leaves the print sharp. */
  blur?: number;
};

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The receipt paper alone: monospace lines on off-white, as a thermal printer makes them. */
function paperSvg(lines: readonly string[], fontSize: number): { svg: string; width: number; height: number } {
  const columns = Math.max(40, ...lines.map((l) => l.length));
  const charWidth = fontSize * 0.602;
  const lineHeight = Math.round(fontSize * 1.3);
  const margin = Math.round(fontSize * 1.5);
  const width = Math.round(columns * charWidth + 2 * margin);
  const height = lines.length * lineHeight + 2 * margin;
  const text = lines
    .map(
      (line, i) =>
        `<tspan x="${margin}" y="${margin + (i + 1) * lineHeight - lineHeight * 0.25}">${escapeXml(line)}</tspan>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="100%" height="100%" fill="#f4f1ea"/>` +
    `<text font-family="DejaVu Sans Mono" font-size="${fontSize}" fill="#262626" xml:space="preserve">${text}</text></svg>`;
  return { svg, width, height };
}

/** Light falling from one side and fading towards the other, as under a desk lamp. */
function lightingSvg(width: number, height: number, angle: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="l" gradientTransform="rotate(${angle} 0.5 0.5)">` +
    `<stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/>` +
    `</linearGradient></defs><rect width="100%" height="100%" fill="url(#l)"/></svg>`
  );
}

/**
 * Renders receipt lines as a photo-like JPEG: the paper slightly tilted on a darker table, uneven light, blur and
 * grain. Deterministic by seed. Used by the OCR tests and by browser tests that upload a receipt.
 */
export async function renderReceipt(lines: readonly string[], options: RenderOptions = {}): Promise<Buffer> {
  const random = createPrng(options.seed ?? 1);
  const fontSize = options.fontSize ?? 26;
  const tilt = ((random() * 2 - 1) * (options.maxTiltDegrees ?? 1.5)).toFixed(2);
  const paper = paperSvg(lines, fontSize);
  const tilted = await sharp(Buffer.from(paper.svg))
    .rotate(Number(tilt), { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const border = Math.round(fontSize * (3 + random() * 3));
  const width = tilted.info.width + 2 * border;
  const height = tilted.info.height + 2 * border;
  const table = { r: 70 + Math.round(random() * 30), g: 58 + Math.round(random() * 20), b: 48 };
  const photo = await sharp({ create: { width, height, channels: 3, background: table } })
    .composite([
      { input: tilted.data, left: border + Math.round((random() - 0.5) * border), top: border },
      { input: Buffer.from(lightingSvg(width, height, Math.round(random() * 360))) },
    ])
    .blur((options.blur ?? 0.8) > 0 ? (options.blur ?? 0.8) : false)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grain = options.noise ?? 10;
  const pixels = photo.data;
  const channels = photo.info.channels;
  for (let i = 0; i < pixels.length; i += channels) {
    // Sum of two uniforms, the same for every channel of a pixel: cheap, roughly normal, colourless grain.
    const n = (random() + random() - 1) * 2 * grain;
    for (let c = 0; c < channels; c += 1)
      pixels[i + c] = Math.max(0, Math.min(255, Math.round((pixels[i + c] ?? 0) + n)));
  }
  return sharp(pixels, { raw: photo.info }).jpeg({ quality: 82 }).toBuffer();
}
