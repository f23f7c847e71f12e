import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import * as sv from '#shared/i18n/sv.ts';
import { useTheme } from '../../lib/theme.tsx';
import { toasterReady } from '../../lib/toast.ts';

/** Alt+T moves focus to the notifications. */
export const TOAST_HOTKEY = ['altKey', 'KeyT'];

/** Loaded lazily by the root (see lib/toast.ts); call `toast` from lib/toast.ts, never from 'sonner' directly. */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  // Runs after sonner's own effect has subscribed, so no toast is emitted into the void.
  useEffect(() => toasterReady(toast), []);
  return (
    <Sonner
      theme={resolvedTheme}
      position="top-center"
      hotkey={TOAST_HOTKEY}
      containerAriaLabel={sv.shell.notifications}
      closeButton
      toastOptions={{ closeButtonAriaLabel: sv.shell.close }}
    />
  );
}
