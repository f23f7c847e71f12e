/**
 * The API reads a signed-in page needs before it can show anything, by its address (decision 076). The server names
 * them, with the session check, as preloads of the page it sends to a browser with a session cookie; the web app's
 * entry asks for the same addresses as it starts and hands each answer to the page's first query for it. The web's
 * early-data test checks every address against what the page's queries request.
 */
export const SESSION_READ = '/api/auth/get-session';

/** What the group page's open tab reads first, by `?tab=` (the first tab, Balans, for none or an unknown one). */
const tabReads = new Map<string, (group: string) => string[]>([
  ['balance', (group) => [`${group}/balances`]],
  ['receipts', (group) => [`${group}/expenses`, `${group}/recurring-expenses`]],
  ['attachments', (group) => [`${group}/expenses?hasImage=true`]],
  ['members', (group) => [`${group}/members`]],
]);

/** Group ids are UUIDs: anything else is no group's page, and never goes into a header the server sends. */
const ID = /^[0-9A-Za-z-]{1,64}$/;

/** The page's reads, none for a page not listed here (it fetches its data once its code has run). */
export function pageReads(pathname: string, search: string): string[] {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'app') return [];
  if (parts.length === 1) return ['/api/groups', '/api/overview'];
  if (parts[1] !== 'group' || !ID.test(parts[2] ?? '')) return [];
  const group = `/api/groups/${parts[2]}`;
  if (parts.length === 5 && parts[3] === 'expense' && parts[4] === 'new') return [group, `${group}/members`];
  if (parts.length !== 3) return [];
  const tab = tabReads.get(/[?&]tab=([^&]*)/.exec(search)?.[1] ?? '') ?? tabReads.get('balance');
  return [group, ...(tab?.(group) ?? [])];
}
