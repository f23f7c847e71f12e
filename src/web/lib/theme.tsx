import {
  createContext,
  use,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { isTheme, resolveTheme, THEME_STORAGE_KEY, type ResolvedTheme, type Theme } from './theme-resolve.ts';

export type { ResolvedTheme, Theme } from './theme-resolve.ts';

const darkQuery = '(prefers-color-scheme: dark)';

interface ThemeContextValue {
  /** What the user chose. */
  theme: Theme;
  /** What is shown now: `system` resolved through the OS setting. */
  resolvedTheme: ResolvedTheme;
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function readStoredTheme(key: string): Theme | null {
  try {
    const value = window.localStorage.getItem(key);
    return isTheme(value) ? value : null;
  } catch {
    // Storage can be blocked (privacy settings); the theme then lasts for this page only.
    return null;
  }
}

function subscribeSystem(onChange: () => void): () => void {
  const list = window.matchMedia(darkQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function systemPrefersDark(): boolean {
  return window.matchMedia(darkQuery).matches;
}

function applyToDocument(resolved: ResolvedTheme): void {
  const root = document.documentElement;
  const isDark = resolved === 'dark';
  if (root.classList.contains('dark') === isDark && root.style.colorScheme === resolved) return;
  // Suppress transitions for the switch, otherwise every hover colour fades separately.
  root.setAttribute('data-theme-switching', '');
  root.classList.toggle('dark', isDark);
  root.style.colorScheme = resolved;
  void window.getComputedStyle(root).color;
  window.setTimeout(() => root.removeAttribute('data-theme-switching'), 1);
}

interface ThemeProviderProps {
  children: ReactNode;
  defaultTheme?: Theme;
  storageKey?: string;
}

/** Holds light | dark | system, remembers it, follows the OS live in system mode and sets `.dark` on <html>. */
export function ThemeProvider({
  children,
  defaultTheme = 'system',
  storageKey = THEME_STORAGE_KEY,
}: ThemeProviderProps) {
  const [theme, setThemeState] = useState<Theme>(() => readStoredTheme(storageKey) ?? defaultTheme);
  const systemDark = useSyncExternalStore(subscribeSystem, systemPrefersDark, () => false);
  const resolvedTheme = resolveTheme(theme, systemDark);

  // Layout effect: the class must change in the same frame as React's commit, not one paint later.
  useLayoutEffect(() => applyToDocument(resolvedTheme), [resolvedTheme]);

  // Another tab changed the theme: follow it so all tabs look the same.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKey) return;
      setThemeState(isTheme(event.newValue) ? event.newValue : defaultTheme);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [storageKey, defaultTheme]);

  const setTheme = useCallback(
    (next: Theme) => {
      setThemeState(next);
      try {
        window.localStorage.setItem(storageKey, next);
      } catch {
        // See readStoredTheme: without storage the choice is kept in memory only.
      }
    },
    [storageKey],
  );

  const value = useMemo(() => ({ theme, resolvedTheme, setTheme }), [theme, resolvedTheme, setTheme]);
  return <ThemeContext value={value}>{children}</ThemeContext>;
}

/** The current theme and its setter; must be used below ThemeProvider. */
export function useTheme(): ThemeContextValue {
  const context = use(ThemeContext);
  if (!context) throw new Error('useTheme must be used within ThemeProvider');
  return context;
}
