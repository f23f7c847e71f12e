import { useSyncExternalStore } from 'react';

/** Widths below 768 px count as mobile (the sidebar becomes a drawer). Matches Tailwind's `md` breakpoint. */
export const MOBILE_BREAKPOINT_PX = 768;

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function getSnapshot(): boolean {
  return window.matchMedia(query).matches;
}

// No server rendering, but a stable answer keeps hydration-style renders (and tests without matchMedia) predictable.
function getServerSnapshot(): boolean {
  return false;
}

/** True while the viewport is narrower than 768 px; read synchronously on first render, so no layout flash. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}
