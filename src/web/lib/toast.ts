import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Sonner = typeof sonnerToast;

let provide: (toast: Sonner) => void = () => undefined;
const ready = new Promise<Sonner>((resolve) => {
  provide = resolve;
});

/** Called by components/ui/toaster.tsx once sonner is loaded and listening; toasts asked for earlier show then. */
export function toasterReady(toast: Sonner): void {
  provide(toast);
}

// The toaster is fetched and mounted with the first toast: a page that never shows one never downloads sonner.
let wanted = false;
const listeners = new Set<() => void>();

/** For useSyncExternalStore in the root: whether any toast has been asked for yet. */
export const toasterWanted = {
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => wanted,
};

function want(): Promise<Sonner> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return ready;
}

/** sonner's time on screen when a toast names none. */
const SHOWN_MS = 4000;
const onScreen = new Map<string, { id: string; until: number }>();
let made = 0;

/**
 * The same message shown again while it is still on screen replaces it instead of stacking a copy under it
 * (decision 049); once it has gone, the message shows anew (sonner does not show again an id it has dismissed).
 */
function once(message: string, options?: ExternalToast): ExternalToast {
  const now = Date.now();
  const current = onScreen.get(message);
  const id = current && current.until > now ? current.id : `${message}#${(made += 1)}`;
  const shownMs = typeof options?.duration === 'number' ? options.duration : SHOWN_MS;
  onScreen.set(message, { id, until: now + shownMs });
  return { ...options, id };
}

/**
 * Toasts (sonner) without sonner on the first load: its ~9 kB arrive with the first toast. Same calls as sonner's
 * `toast`: `toast.success(sv.auth.loggedIn)`, `toast.error(errorText(error))`.
 */
export const toast = {
  success: (message: string, options?: ExternalToast) =>
    void want().then((sonner) => sonner.success(message, once(message, options))),
  error: (message: string, options?: ExternalToast) =>
    void want().then((sonner) => sonner.error(message, once(message, options))),
  info: (message: string, options?: ExternalToast) =>
    void want().then((sonner) => sonner.info(message, once(message, options))),
  message: (message: string, options?: ExternalToast) =>
    void want().then((sonner) => sonner.message(message, once(message, options))),
  // Nothing to dismiss before the first toast: no reason to fetch sonner for it.
  dismiss: (id?: string | number) => void (wanted ? ready.then((sonner) => sonner.dismiss(id)) : undefined),
};
