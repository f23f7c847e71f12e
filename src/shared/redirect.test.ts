import { describe, expect, it } from 'vitest';
import { DEFAULT_REDIRECT, loginPathFor, safeRedirect } from './redirect.ts';

// src/shared is typed without DOM or Node; the tests still run in Node, whose WHATWG URL parser is the real judge.
declare const URL: new (
  url: string,
  base: string,
) => { origin: string; searchParams: { get(name: string): string | null } };

describe('safeRedirect', () => {
  it.each(['/app', '/app/group/42', '/app/group/42?tab=receipts#top', '/invite/abc-DEF_123', '/'])(
    'keeps the same-site path %s unchanged',
    (path) => {
      expect(safeRedirect(path)).toBe(path);
    },
  );

  it.each([
    ['a protocol-relative URL', '//evil.example/app'],
    ['a backslash after the first slash', '/\\evil.example'],
    ['a backslash first', '\\/evil.example'],
    ['an absolute http URL', 'https://evil.example/app'],
    ['a javascript URL', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,hi'],
    ['a relative path without a leading slash', 'app/group/1'],
    ['a tab that browsers strip into //', '/\t/evil.example'],
    ['a newline that browsers strip into //', '/\n/evil.example'],
    ['a NUL character', '/app\u0000'],
    ['a C1 control character', '/app\u0085'],
    ['an empty string', ''],
    ['an overlong path', `/${'a'.repeat(2048)}`],
  ])('replaces %s with the default', (_label, value) => {
    expect(safeRedirect(value)).toBe(DEFAULT_REDIRECT);
  });

  it('replaces values that are not strings with the default', () => {
    for (const value of [undefined, null, 42, ['/app'], { path: '/app' }]) {
      expect(safeRedirect(value)).toBe(DEFAULT_REDIRECT);
    }
  });

  it('uses the given fallback instead of /app when one is passed', () => {
    expect(safeRedirect('//evil.example', '/')).toBe('/');
  });

  it('never returns a value that a URL parser resolves to another origin', () => {
    const base = 'https://kvitt.example';
    const hostile = ['//x.example', '/\\x.example', '/\t/x.example', ' //x.example', '/%2F/x.example', '/.//x.example'];
    for (const value of hostile) {
      expect(new URL(safeRedirect(value), base).origin).toBe(base);
    }
  });
});

describe('loginPathFor', () => {
  it('sends the user to /auth with the page to come back to', () => {
    expect(loginPathFor('/app/group/7')).toBe('/auth?redirect=/app/group/7');
  });

  it('escapes query characters so the target survives as one parameter', () => {
    const path = loginPathFor('/app/group/7?tab=receipts&x=1#top');
    const target = new URL(path, 'https://kvitt.example').searchParams.get('redirect');
    expect(target).toBe('/app/group/7?tab=receipts&x=1#top');
  });

  it('falls back to /app for a target that is not a same-site path', () => {
    expect(loginPathFor('https://evil.example')).toBe('/auth?redirect=/app');
  });
});
