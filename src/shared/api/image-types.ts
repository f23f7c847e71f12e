// Without zod, so the web's file pickers can read these without the schema library.

/**
 * The formats the group image accepts: the API contract names them, the web's picker offers them, and the server
 * decides by the file's first bytes, never by its name or declared type.
 */
export const GROUP_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** A receipt photo's formats, decided the same way: also GIF, and HEIC, in which iPhones take photos. */
export const RECEIPT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic'] as const;

export type AcceptedImageType = (typeof RECEIPT_IMAGE_TYPES)[number];

/** HEIC goes by another type, or none, on some systems (Windows, many Android phones): accepted by its name too. */
export const HEIC_ALIASES = ['image/heif', '.heic', '.heif'] as const;

const RECEIPT_TYPES_WITH_ALIASES: readonly string[] = [...RECEIPT_IMAGE_TYPES, 'image/heif'];
const HEIC_NAME = /\.(heic|heif)$/i;

/** Whether a chosen file may be a receipt photo by what the browser says of it; the server then checks its bytes. */
export const mayBeReceiptImage = (file: { name: string; type: string }): boolean =>
  RECEIPT_TYPES_WITH_ALIASES.includes(file.type) || HEIC_NAME.test(file.name);

/** The `accept` attribute of the receipt image picker. */
export const RECEIPT_IMAGE_ACCEPT = [...RECEIPT_IMAGE_TYPES, ...HEIC_ALIASES].join(',');

/** The `accept` attribute of the group image picker. */
export const GROUP_IMAGE_ACCEPT = GROUP_IMAGE_TYPES.join(',');

const FORMAT_NAMES: Record<AcceptedImageType, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/gif': 'GIF',
  'image/heic': 'HEIC',
};

/** How the contract describes an upload body: the accepted formats by name. */
export const describeImageTypes = (types: readonly AcceptedImageType[]): string =>
  types.map((type) => FORMAT_NAMES[type]).join(', ');
