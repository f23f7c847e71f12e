import { useSyncExternalStore } from 'react';
import type { Session } from '#shared/api/auth.ts';
import * as sv from '#shared/i18n/sv.ts';
import { ApiError, authRequest, NETWORK_FAILURE, onSessionLost } from './api.ts';
import { forgetEarlyAnswers } from './early-answers.ts';
import { forgetOfflineData, rememberedSession, syncOfflineSession } from './offline-session.ts';
import { retryDelay, shouldRetry } from './retry.ts';
import { parseSession } from './session-shape.ts';
import { toast } from './toast.ts';

/**
 * Who is signed in, as a small store of its own rather than a TanStack query: public pages need it on their first
 * load, where the query library would not fit the budget (docs/decisions/007).
 */
export interface SessionState {
  /** undefined until the first answer; null when signed out. */
  session: Session | null | undefined;
  /** The session could not be checked at all (server down, offline). */
  failed: boolean;
}

/** Why the last session ended: a signed-out user goes to /auth plainly, a lost one comes back to the same page. */
export type SessionEnd = 'signed-out' | 'lost' | 'switched';

let state: SessionState = { session: undefined, failed: false };
let lastEnd: SessionEnd | null = null;
const listeners = new Set<() => void>();
const endListeners = new Set<(reason: SessionEnd) => void>();

function update(next: SessionState): void {
  state = next;
  listeners.forEach((notify) => notify());
}

export const lastSessionEnd = (): SessionEnd | null => lastEnd;

/** Runs whenever a session ends or changes hands, e.g. to empty the query cache so no data outlives its user. */
export function onSessionEnd(listener: (reason: SessionEnd) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Forgets the user in this tab; a lost session also gets a toast. */
export function endSession(reason: SessionEnd): void {
  const wasSignedIn = Boolean(state.session);
  lastEnd = reason;
  forgetEarlyAnswers();
  update({ session: null, failed: false });
  endListeners.forEach((notify) => notify(reason));
  // After the listeners, which stop saving the cache: nothing read while signed in stays on the device.
  void forgetOfflineData();
  if (reason === 'lost' && wasSignedIn) toast.error(sv.auth.sessionLost, { id: 'session-lost' });
}

async function fetchWithRetry(): Promise<Session | null> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await authRequest('get-session', { parse: parseSession });
    } catch (error) {
      // Without a connection there is no point in waiting: the app opens offline at once (decision 047).
      if (!shouldRetry(attempt, error) || !navigator.onLine) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
    }
  }
}

function accept(next: Session | null): void {
  const previous = state.session;
  syncOfflineSession(next);
  // Answers fetched as the app started belong to the session it started with, and to no other.
  if (!next || (previous && previous.user.id !== next.user.id)) forgetEarlyAnswers();
  // Expired, or signed out elsewhere without this tab hearing about it.
  if (previous && !next) return endSession('lost');
  // Another account signed in (in another tab): nothing cached for the previous user may be shown.
  if (previous && next && previous.user.id !== next.user.id) endListeners.forEach((notify) => notify('switched'));
  update({ session: next, failed: false });
}

let inFlight: Promise<Session | null> | null = null;

/** Asks the server who is signed in (one request at a time) and updates every reader. */
export function refreshSession(): Promise<Session | null> {
  inFlight ??= fetchWithRetry()
    .then(
      (next) => {
        accept(next);
        return next;
      },
      (error: unknown) => {
        // A known session survives a failed check. Without a connection the user the server last confirmed opens
        // the pages saved on this device (decision 047); otherwise the guard offers a retry.
        if (state.session === undefined) {
          const offline = error instanceof ApiError && error.status === NETWORK_FAILURE ? rememberedSession() : null;
          update(offline ? { session: offline, failed: false } : { session: undefined, failed: true });
        }
        return state.session ?? null;
      },
    )
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session for rendering; re-renders on sign-in, sign-out and loss. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, () => state);
}

type SessionMessage = 'signed-in' | 'signed-out';
// One channel object per tab for sending and receiving: a channel never hears its own messages, other tabs do.
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('kvitt-session');

function broadcast(message: SessionMessage): void {
  channel?.postMessage(message);
}

/** After sign-in or sign-up: load the new session so guarded pages see it, and tell the other tabs. */
export async function sessionStarted(): Promise<Session | null> {
  lastEnd = null;
  forgetEarlyAnswers();
  const session = await refreshSession();
  broadcast('signed-in');
  return session;
}

/** Logs out on the server, then in this tab and every other; throws (and keeps the session) if the call fails. */
export async function signOut(): Promise<void> {
  try {
    await authRequest('sign-out');
  } catch (error) {
    // 401: the server had already forgotten us, which is what signing out wants anyway.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
  endSession('signed-out');
  broadcast('signed-out');
}

const RECHECK_INTERVAL_MS = 5 * 60_000;

/**
 * Loads the session and keeps it honest: on 401 answers, on sign-in/sign-out in other tabs, when the window regains
 * focus and every 5 minutes while visible (so an expired session is noticed). Call once at startup.
 */
export function startSessionSync(): void {
  void refreshSession();
  onSessionLost(() => endSession('lost'));
  const recheck = () => {
    if (document.visibilityState === 'visible') void refreshSession();
  };
  window.addEventListener('focus', recheck);
  // Back online: confirm at once that the user shown offline is still signed in.
  window.addEventListener('online', recheck);
  document.addEventListener('visibilitychange', recheck);
  window.setInterval(recheck, RECHECK_INTERVAL_MS);
  if (!channel) return;
  channel.onmessage = (event: MessageEvent<SessionMessage>) => {
    if (event.data === 'signed-out') endSession('lost');
    else void refreshSession();
  };
}
