import { useRef } from 'react';

type FocusHandler = (event: Event) => void;

/**
 * The control to give focus back to when an overlay closes. A menu item that opened it is gone by then, so its
 * menu's trigger stands in (Radix labels a menu by its trigger); the page body is never an answer.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  if (!menu) return active;
  const triggerId = menu.getAttribute('aria-labelledby');
  return triggerId ? document.getElementById(triggerId) : null;
}

/**
 * Handlers for a Radix dialog's `onOpenAutoFocus` and `onCloseAutoFocus` that return focus to the control that opened
 * it, also when that control was a menu item or the dialog was opened from state after a lazy load (decision 049).
 * When the opener has left the page (an expense deleted with its row), the default applies.
 */
export function useReturnFocus(onOpen?: FocusHandler, onClose?: FocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = openerOf(document.activeElement);
      onOpen?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onClose?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented) return;
      // Focus already moved on while the overlay faded out (a link in the drawer focused the new page's heading).
      const active = document.activeElement;
      const container = event.target instanceof Node ? event.target : null;
      if (active && active !== document.body && !container?.contains(active)) return event.preventDefault();
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus({ preventScroll: true });
    },
  };
}
