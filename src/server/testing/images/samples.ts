import fs from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * A 320×240 HEIC photo, red on its left half and blue on its right, as an iPhone stores photos (HEVC in HEIF).
 * Made once with libheif's heif-enc and its x265 encoder (`heif-enc -q 40`), as nothing in node_modules encodes HEVC.
 */
export const heicPhoto = (): Buffer => fs.readFileSync(new URL('./phone-photo.heic', import.meta.url));

/** The HEIC photo with its header (the `ispe` box) claiming another size: the pixels stay 320×240. */
export function heicClaiming(width: number, height: number): Buffer {
  const bytes = heicPhoto();
  const at = bytes.indexOf('ispe');
  if (at < 0) throw new Error('the HEIC sample has no ispe box');
  // Box type, then version and flags (4 bytes), then width and height.
  bytes.writeUInt32BE(width, at + 8);
  bytes.writeUInt32BE(height, at + 12);
  return bytes;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG header claiming width × height RGB pixels, with a few bytes of pixel data. A
 * decoder without a pixel limit would allocate the whole picture before finding the data short.
 */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An SVG drawing, which sharp would happily render, though no upload accepts it. */
export const svgDrawing = (): Buffer =>
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" fill="#c00"/></svg>',
  );

/** A 300×300 grey picture in one of the formats sharp writes. */
export const plainImage = (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'tiff', size = 300): Promise<Buffer> =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#808080' } })
    .toFormat(format)
    .toBuffer();
