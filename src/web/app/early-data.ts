import { pageReads, SESSION_READ } from '#shared/api/page-reads.ts';
import { askEarly } from '../lib/early-answers.ts';
import { rememberedSession } from '../lib/offline-session.ts';

/**
 * Asks for the session and, where someone is signed in on this device, the opening page's first data now, beside the
 * page's code (decision 076): the session cookie is out of the script's reach, the user the server last confirmed is
 * not. The server has named the same addresses as preloads of the page when the cookie came with it, so these
 * requests are normally answered from those.
 */
export function askForPageData(pathname: string, search: string): void {
  askEarly([SESSION_READ, ...(rememberedSession() ? pageReads(pathname, search) : [])]);
}
