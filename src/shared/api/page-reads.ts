/**
 * The API reads a signed-in page needs before it can show anything, by its address (decision 076). The server names
 * them, with the session check, as preloads of the page it sends to a browser with a session cookie; the web app's
 * entry asks for the same addresses as it starts and hands each answer to the page's first query for it. The web's
 * early-data test checks every address against what the page's queries request.
 */
export const SESSION_READ = '/api/auth/get-session';

/** The group page's tabs by `?tab=`: the first, Balans, opens for none or an unknown one. */
export type OpeningTab = 'balance' | 'receipts' | 'attachments' | 'members' | 'activity';
const TABS: readonly OpeningTab[] = ['balance', 'receipts', 'attachments', 'members', 'activity'];

/** A signed-in page whose first data is asked for with the page: /app, a group's page and its open tab, the wizard. */
export type OpeningPage =
  { page: 'home' } | { page: 'group'; groupId: string; tab: OpeningTab } | { page: 'wizard'; groupId: string };

/** Group ids are UUIDs: anything else is no group's page, and never goes into a header the server sends. */
const ID = /^[0-9A-Za-z-]{1,64}$/;

/** Which of those pages an address opens, null for any other. */
export function openingPage(pathname: string, search: string): OpeningPage | null {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'app') return null;
  if (parts.length === 1) return { page: 'home' };
  const groupId = parts[2] ?? '';
  if (parts[1] !== 'group' || !ID.test(groupId)) return null;
  if (parts.length === 5 && parts[3] === 'expense' && parts[4] === 'new') return { page: 'wizard', groupId };
  if (parts.length !== 3) return null;
  const requested = /[?&]tab=([^&]*)/.exec(search)?.[1];
  const tab = TABS.find((candidate) => candidate === requested) ?? 'balance';
  return { page: 'group', groupId, tab };
}

/** What the group page's open tab reads first (the activity tab: nothing asked for ahead). */
const tabReads: Record<OpeningTab, (group: string) => string[]> = {
  balance: (group) => [`${group}/balances`],
  receipts: (group) => [`${group}/expenses`, `${group}/recurring-expenses`],
  attachments: (group) => [`${group}/expenses?hasImage=true`],
  members: (group) => [`${group}/members`],
  activity: () => [],
};

/** The page's reads, none for a page not listed here (it fetches its data once its code has run). */
export function pageReads(pathname: string, search: string): string[] {
  const opening = openingPage(pathname, search);
  if (!opening) return [];
  if (opening.page === 'home') return ['/api/groups', '/api/overview'];
  const group = `/api/groups/${opening.groupId}`;
  if (opening.page === 'wizard') return [group, `${group}/members`];
  return [group, ...tabReads[opening.tab](group)];
}
