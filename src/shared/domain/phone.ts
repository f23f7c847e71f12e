/**
 * Swish pays to a Swedish mobile number, and the settlement dialog copies the payee's number straight into Swish.
 * So a number that is recognisably a Swedish mobile (07x…, +46 7x…, 0046 7x…, with any spaces, hyphens or
 * parentheses) is stored in one paste-safe form, ten digits "07XXXXXXXX"; anything else is kept as typed (trimmed),
 * because the profile allows any phone text up to 20 characters.
 */
const SEPARATORS = /[\s\u00a0\-().]/g;
const SWEDISH_MOBILE = /^(?:\+46|0046|0)(7\d{8})$/;

/** Ten digits "07XXXXXXXX" for a Swedish mobile number in any common notation; null when it is not one. */
export function swedishMobile(text: string): string | null {
  const compact = text.trim().replace(SEPARATORS, '');
  const match = SWEDISH_MOBILE.exec(compact);
  return match ? `0${match[1] as string}` : null;
}

/** What the profile stores for a typed phone: the Swedish mobile form when it is one, else the trimmed text. */
export function normalisePhone(text: string): string {
  return swedishMobile(text) ?? text.trim();
}

/** "070-123 45 67" for a stored Swedish mobile, the stored text otherwise: how Swedes read a number. */
export function formatPhone(stored: string): string {
  const mobile = /^(07\d)(\d{3})(\d{2})(\d{2})$/.exec(stored);
  return mobile ? `${mobile[1]}-${mobile[2]} ${mobile[3]} ${mobile[4]}` : stored;
}
