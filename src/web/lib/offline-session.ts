import type { Session } from '#shared/api/auth.ts';
import { parseSession } from './session-shape.ts';

/**
 * The signed-in user as last confirmed by the server, kept so the app can open without a connection and show that
 * user's saved pages (decision 047). Only the user's id, name and e-mail and the session's end are kept, never a
 * token; it is forgotten, with everything saved for reading offline, whenever the session ends.
 */
const KEY = 'kvitt:offline-session';

/** The remembered session while it has not expired, otherwise null. */
export function rememberedSession(): Session | null {
  try {
    const saved = localStorage.getItem(KEY);
    const session = saved ? parseSession(JSON.parse(saved)) : null;
    return session && Date.parse(session.session.expiresAt) > Date.now() ? session : null;
  } catch {
    return null;
  }
}

function rememberedUserId(): string | null {
  try {
    const saved = localStorage.getItem(KEY);
    return saved ? (parseSession(JSON.parse(saved))?.user.id ?? null) : null;
  } catch {
    return null;
  }
}

// Set while saved answers are being removed: a page left before the removal ended finishes it on the next start.
const CLEARING_KEY = 'kvitt:offline-clearing';

/**
 * Removes what this device keeps for reading offline: the remembered session at once (so the app can no longer open
 * offline as that user), then every user's saved answers except `keepUserId`'s. With nothing remembered there is
 * nothing saved either, so an anonymous visit never loads the storage code.
 */
export async function forgetOfflineData(keepUserId?: string): Promise<void> {
  try {
    if (localStorage.getItem(KEY) === null && localStorage.getItem(CLEARING_KEY) === null) return;
    localStorage.setItem(CLEARING_KEY, '1');
    if (keepUserId === undefined) localStorage.removeItem(KEY);
  } catch {
    return;
  }
  try {
    const store = await import('../pwa/offline-store.ts');
    await store.clearOfflineData(keepUserId);
    localStorage.removeItem(CLEARING_KEY);
  } catch {
    // Left marked: the next start of the app tries again.
  }
}

/**
 * Follows the server's answer: a confirmed user is remembered (and what another user left here is removed), no user
 * means everything saved for reading offline goes.
 */
export function syncOfflineSession(next: Session | null): void {
  if (!next) {
    void forgetOfflineData();
    return;
  }
  const previous = rememberedUserId();
  if (previous !== null && previous !== next.user.id) void forgetOfflineData(next.user.id);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused (private mode): the app then simply cannot open offline.
  }
}
