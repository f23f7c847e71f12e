export type Theme = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

/** localStorage key of the chosen theme; theme-init.js reads the same key before the first paint. */
export const THEME_STORAGE_KEY = 'kvitt-theme';

export function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark' || value === 'system';
}

/** What is shown: `system` follows the OS, an unknown stored value counts as `system` (the default). */
export function resolveTheme(stored: unknown, systemDark: boolean): ResolvedTheme {
  const theme = isTheme(stored) ? stored : 'system';
  if (theme === 'system') return systemDark ? 'dark' : 'light';
  return theme;
}
