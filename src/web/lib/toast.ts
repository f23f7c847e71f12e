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
/** The same message shown again replaces the one on screen instead of stacking a copy under it (decision 049). */
const once = (message: string, options?: ExternalToast): ExternalToast => ({ id: message, ...options });

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
