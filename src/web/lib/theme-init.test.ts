import { describe, expect, it } from 'vitest';
import initScript from '../theme-init.js?raw';
import { resolveTheme } from './theme-resolve.ts';

function runInitScript(stored: string | null, systemDark: boolean) {
  const classes = new Set<string>();
  const root = {
    classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    style: { colorScheme: '' },
  };
  const localStorage = { getItem: () => stored };
  const matchMedia = () => ({ matches: systemDark });
  new Function('localStorage', 'matchMedia', 'document', initScript)(localStorage, matchMedia, {
    documentElement: root,
  });
  return { dark: classes.has('dark'), colorScheme: root.style.colorScheme };
}

describe('theme-init.js', () => {
  it('paints the same theme that the React provider resolves, for every stored value and OS setting', () => {
    for (const stored of ['light', 'dark', 'system', null, 'nonsense']) {
      for (const systemDark of [false, true]) {
        const expected = resolveTheme(stored, systemDark);
        expect(runInitScript(stored, systemDark), `${stored} / ${systemDark}`).toEqual({
          dark: expected === 'dark',
          colorScheme: expected,
        });
      }
    }
  });
});
