import { useEffect } from 'react';

/**
 * Rendered inside an open menu or select: what Radix hid from screen readers around it (aria-hidden, marked
 * data-aria-hidden) is made inert as well while it is open, so no control is focusable yet hidden (decision 049).
 */
export function InertOutside() {
  useEffect(() => {
    let marked: Element[] = [];
    // After Radix has hidden the rest of the page, which it does once the content is in place.
    const frame = window.requestAnimationFrame(() => {
      marked = [...document.querySelectorAll('[data-aria-hidden]:not([inert])')];
      for (const element of marked) element.setAttribute('inert', '');
    });
    return () => {
      window.cancelAnimationFrame(frame);
      for (const element of marked) element.removeAttribute('inert');
    };
  }, []);
  return null;
}
