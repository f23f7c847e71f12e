/**
 * Draws the app icons of the web app manifest from the favicon's receipt mark: 192 and 512 px, a maskable 512 px
 * (the mark inside the central 60 %, so any mask shape keeps it whole) and the 180 px Apple touch icon (full bleed,
 * iOS rounds it). Run `node scripts/make-icons.ts` after changing the mark; the PNGs are committed.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const outDir = join(import.meta.dirname, '..', 'src', 'web', 'public', 'icons');
const BRAND = '#0f6b62';

/** The receipt mark of favicon.svg on a 32-unit grid, scaled to `markPx` and centred in a `size` square. */
function iconSvg(size: number, { markPx, radius }: { markPx: number; radius: number }): string {
  const offset = (size - markPx) / 2;
  const scale = markPx / 32;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="${BRAND}"/>
  <g transform="translate(${offset} ${offset}) scale(${scale})" fill="none" stroke="#fff" stroke-width="2"
     stroke-linejoin="round" stroke-linecap="round">
    <path d="M10 7h12v18l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5-2 1.5z"/>
    <path d="M13 12h6M13 16h6M13 20h3"/>
  </g>
</svg>`;
}

const icons = [
  // "any" icons keep the favicon's rounded square; launchers show them as they are.
  { file: 'icon-192.png', size: 192, markPx: 192, radius: 42 },
  { file: 'icon-512.png', size: 512, markPx: 512, radius: 112 },
  // Maskable: full-bleed background, the mark within the safe zone (a circle of 80 % of the width).
  { file: 'maskable-512.png', size: 512, markPx: 320, radius: 0 },
  { file: 'apple-touch-icon.png', size: 180, markPx: 150, radius: 0 },
];

mkdirSync(outDir, { recursive: true });
for (const { file, size, markPx, radius } of icons) {
  await sharp(Buffer.from(iconSvg(size, { markPx, radius })))
    .png({ compressionLevel: 9 })
    .toFile(join(outDir, file));
  console.log(`${file} ${size}×${size}`);
}
