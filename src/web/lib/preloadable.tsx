import { lazy, useState, type ComponentType } from 'react';

export interface Preloadable<P extends object> {
  /** Renders the component: at once if its code has arrived, else through React.lazy (inside a Suspense boundary). */
  Component: ComponentType<P>;
  /** Fetches the code ahead; settles once it has arrived or failed to (a failure does not stick). */
  preload: () => Promise<void>;
  isLoaded: () => boolean;
  /**
   * Handlers for what opens it, fetching the code at the first sign of intent: a pointer over it, a finger down on it
   * (a tap's click follows some 50–100 ms later), keyboard focus.
   */
  intent: { onPointerEnter: () => void; onPointerDown: () => void; onFocus: () => void };
}

/**
 * A component whose code is fetched on demand and that renders at once, without its fallback, once that code has
 * arrived. Through React.lazy alone it would suspend for a moment on its first render even then (an `import()` of
 * a module already there still settles later), and React holds back what follows a fallback for 300 ms (decision
 * 077).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  let loaded: ComponentType<P> | undefined;
  const start = () => {
    loading ??= load().then(
      (Loaded) => {
        loaded = Loaded;
        return { default: Loaded };
      },
      (error: unknown) => {
        // Offline, say: opening it, or the next preload, fetches again.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(start);
  function Component(props: P) {
    // Chosen once per mount: switching from the lazy one to the loaded one would remount it.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  const preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  const onIntent = () => void preload();
  return {
    Component,
    preload,
    isLoaded: () => loaded !== undefined,
    intent: { onPointerEnter: onIntent, onPointerDown: onIntent, onFocus: onIntent },
  };
}
