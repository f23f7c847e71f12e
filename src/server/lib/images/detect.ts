import type { AcceptedImageType } from '#shared/api/image-types.ts';

/** The image formats told apart by their first bytes: those some upload accepts, and AVIF, which none does. */
export type ImageType = AcceptedImageType | 'image/avif';

// ISO-BMFF brands: HEVC-coded HEIF (iPhone photos) versus AV1-coded AVIF. The generic HEIF brands (mif1, msf1)
// count as HEIC unless an AVIF brand is listed too; heic-decode then refuses what it cannot decode.
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

const ascii = (buf: Uint8Array, start: number, end: number) => String.fromCharCode(...buf.subarray(start, end));

/** The major and compatible brands of an ISO-BMFF file's leading `ftyp` box, or null when it has none. */
function isoBrands(buf: Uint8Array): string[] | null {
  if (ascii(buf, 4, 8) !== 'ftyp') return null;
  const size = new DataView(buf.buffer, buf.byteOffset, buf.byteLength).getUint32(0);
  const end = Math.min(size, buf.length);
  const brands = [ascii(buf, 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(buf, at, at + 4));
  return brands;
}

function isoImageType(buf: Uint8Array): ImageType | null {
  const brands = isoBrands(buf);
  if (!brands) return null;
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'image/avif';
  return brands.some((brand) => HEIC_BRANDS.has(brand)) ? 'image/heic' : null;
}

/**
 * The format of an image from its magic bytes, never from a name or a declared type; null when the bytes are no
 * image Kvitt knows (SVG, TIFF, BMP, PDF, text…).
 */
export function detectImageType(buf: Uint8Array): ImageType | null {
  if (buf.length < 12) return null;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (ascii(buf, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(buf, 0, 6) === 'GIF87a' || ascii(buf, 0, 6) === 'GIF89a') return 'image/gif';
  return isoImageType(buf);
}
