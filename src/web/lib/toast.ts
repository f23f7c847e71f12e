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

/**
 * Toasts (sonner) without sonner on the first load: its ~9 kB arrive right after the page renders. Same calls as
 * sonner's `toast`: `toast.success(sv.auth.loggedIn)`, `toast.error(errorText(error))`.
 */
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

export const toast = {
  success: (message: string, options?: ExternalToast) =>
    void ready.then((sonner) => sonner.success(message, once(message, options))),
  error: (message: string, options?: ExternalToast) =>
    void ready.then((sonner) => sonner.error(message, once(message, options))),
  info: (message: string, options?: ExternalToast) =>
    void ready.then((sonner) => sonner.info(message, once(message, options))),
  message: (message: string, options?: ExternalToast) =>
    void ready.then((sonner) => sonner.message(message, once(message, options))),
  dismiss: (id?: string | number) => void ready.then((sonner) => sonner.dismiss(id)),
};
