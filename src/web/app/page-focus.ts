import { useEffect, useRef } from 'react';
import { MAIN_ID } from '../components/skip-link.tsx';

/** How long a new page may take to show its heading (its data loading) before focus stops waiting for it. */
const WAIT_MS = 10_000;

/** True when the new page, or a dialog on it, has put focus somewhere itself: a form's first field, a tour. */
function placedByPage(active: Element | null): boolean {
  if (!active || active === document.body) return false;
  if (active.closest('[role="dialog"], [role="alertdialog"]')) return true;
  const main = document.getElementById(MAIN_ID);
  return Boolean(main?.contains(active) && active.matches('input, textarea, select, [contenteditable="true"]'));
}

/** Focuses the page's h1 (made focusable by script only); false while the page has not rendered one yet. */
function focusHeading(): boolean {
  if (placedByPage(document.activeElement)) return true;
  const heading = (document.getElementById(MAIN_ID) ?? document.body).querySelector('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * After a page change (not the first page), focus moves to the new page's heading, so a screen reader starts reading
 * there and the next Tab continues from the top of the new page instead of from a link that has gone (decision 049).
 * Changes of the query string alone (a tab of the group page) are not page changes.
 */
export function usePageFocus(pathname: string): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}
