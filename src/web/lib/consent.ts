import { useCallback, useSyncExternalStore } from 'react';

/** The cookie-consent choice is stored locally under a fixed key and never asked again. */
export const CONSENT_STORAGE_KEY = 'kvitt-cookie-consent';
export type Consent = 'accepted' | 'declined';

const listeners = new Set<() => void>();
// Kept in memory too: with storage blocked, the banner still stays closed for the rest of the visit.
let memory: Consent | null = null;

function read(): Consent | null {
  try {
    const value = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    if (value === 'accepted' || value === 'declined') return value;
  } catch {
    // Storage blocked: fall back to this visit's answer.
  }
  return memory;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored choice (null until the user has chosen) and a setter that remembers it. */
export function useConsent(): [Consent | null, (consent: Consent) => void] {
  const consent = useSyncExternalStore(subscribe, read, () => null);
  const choose = useCallback((next: Consent) => {
    memory = next;
    try {
      window.localStorage.setItem(CONSENT_STORAGE_KEY, next);
    } catch {
      // See read(): the in-memory answer is enough for this visit.
    }
    listeners.forEach((notify) => notify());
  }, []);
  return [consent, choose];
}
