/** One polite live region for the whole app, kept in the page from the start so screen readers watch it. */
const REGION_ID = 'kvitt-live-region';

function region(): HTMLElement {
  let element = document.getElementById(REGION_ID);
  if (!element) {
    element = document.createElement('div');
    element.id = REGION_ID;
    element.className = 'sr-only';
    element.setAttribute('role', 'status');
    element.setAttribute('aria-live', 'polite');
    element.setAttribute('aria-atomic', 'true');
    element.dataset.testid = 'live-region';
    document.body.append(element);
  }
  return element;
}

/** Puts the region into the page ahead of the first message (a region added with its text is often not read). */
export function prepareLiveRegion(): void {
  region();
}

/**
 * Reads `message` out without moving focus: for changes that arrive by themselves, such as another member's
 * expense. The text is cleared first, so the same message twice is read twice.
 */
export function announce(message: string): void {
  const element = region();
  element.textContent = '';
  window.setTimeout(() => {
    element.textContent = message;
  }, 100);
}
