/** The image formats Kvitt accepts, told apart by their first bytes rather than by name or declared type. */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif' | 'image/heic' | 'image/avif';

// ISO-BMFF major brands: HEVC-coded HEIF (iPhone photos) versus AV1-coded AVIF, which sharp decodes itself.
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

const ascii = (buf: Uint8Array, start: number, end: number) => String.fromCharCode(...buf.subarray(start, end));

/** The content type of an image from its magic bytes, or null when the bytes are not an accepted image. */
export function detectImageType(buf: Uint8Array): ImageType | null {
  if (buf.length < 12) return null;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (ascii(buf, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(buf, 0, 6) === 'GIF87a' || ascii(buf, 0, 6) === 'GIF89a') return 'image/gif';
  if (ascii(buf, 4, 8) === 'ftyp') {
    const brand = ascii(buf, 8, 12);
    if (AVIF_BRANDS.has(brand)) return 'image/avif';
    if (HEIC_BRANDS.has(brand)) return 'image/heic';
  }
  return null;
}
