import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import * as sv from '#shared/i18n/sv.ts';
import { useTheme } from '../../lib/theme.tsx';
import { toasterReady } from '../../lib/toast.ts';
import { useIsMobile } from '../../lib/use-mobile.ts';

/** Alt+T moves focus to the notifications. */
export const TOAST_HOTKEY = ['altKey', 'KeyT'];

/** Below the 56 px app header on wide screens, so a toast never covers it (decision 049). */
const DESKTOP_OFFSET = { top: 72, right: 24 };
/** A phone's toasts rise from the bottom edge, in reach of the thumb that swipes them away. */
const PHONE_OFFSET = { bottom: 16, left: 16, right: 16 };

/** Loaded lazily by the root (see lib/toast.ts); call `toast` from lib/toast.ts, never from 'sonner' directly. */
export function Toaster() {
  const { resolvedTheme } = useTheme();
  const phone = useIsMobile();
  // Runs after sonner's own effect has subscribed, so no toast is emitted into the void.
  useEffect(() => toasterReady(toast), []);
  return (
    <Sonner
      theme={resolvedTheme}
      position={phone ? 'bottom-center' : 'top-right'}
      offset={DESKTOP_OFFSET}
      mobileOffset={PHONE_OFFSET}
      visibleToasts={3}
      hotkey={TOAST_HOTKEY}
      containerAriaLabel={sv.shell.notifications}
      closeButton
      toastOptions={{ closeButtonAriaLabel: sv.shell.close }}
    />
  );
}
