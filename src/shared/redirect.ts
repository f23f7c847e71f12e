/** Where a signed-in user lands when no (acceptable) redirect target was given. */
export const DEFAULT_REDIRECT = '/app';

const MAX_REDIRECT_LENGTH = 2048;

/**
 * C0 controls, DEL and C1 controls. Browsers strip tabs and newlines from URLs, so "/\t/evil.example" would become a
 * protocol-relative "//evil.example" after our check had passed.
 */
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * Accepts only a same-site relative path ("/app/group/1?tab=receipts"), never a URL that could leave the site
 * ("//evil.example", "/\evil.example", "https://…", "javascript:…"); anything else becomes the fallback.
 * Shared by the web (after login) and the server, so both apply the same rule against open redirects.
 */
export function safeRedirect(value: unknown, fallback: string = DEFAULT_REDIRECT): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_REDIRECT_LENGTH) return fallback;
  if (!value.startsWith('/')) return fallback;
  // Browsers treat a backslash like a slash in special URLs, so "/\host" and "\/host" are protocol-relative too.
  if (value.includes('\\')) return fallback;
  if (value.startsWith('//')) return fallback;
  if (hasControlCharacter(value)) return fallback;
  return value;
}

/**
 * The login page URL that brings the user back to `target` (a path with query and hash) after signing in.
 * Slashes stay readable ("/auth?redirect=/app/join"); everything else that could end the parameter is escaped.
 */
export function loginPathFor(target: string): string {
  const encoded = encodeURIComponent(safeRedirect(target)).replaceAll('%2F', '/');
  return `/auth?redirect=${encoded}`;
}
