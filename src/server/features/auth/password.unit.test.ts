import { describe, expect, it } from 'vitest';
import { passwordHashing } from './password.ts';

describe('password hashing', () => {
  it('leaves development and production to better-auth’s own scrypt at full cost', () => {
    expect(passwordHashing('production')).toBeUndefined();
    expect(passwordHashing('development')).toBeUndefined();
  });

  it('in tests accepts the password it hashed and refuses any other, in better-auth’s salt:key form', async () => {
    const hashing = passwordHashing('test')!;
    const hash = await hashing.hash('hemligt123');
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await hashing.verify({ hash, password: 'hemligt123' })).toBe(true);
    expect(await hashing.verify({ hash, password: 'hemligt124' })).toBe(false);
    expect(await hashing.verify({ hash: 'not-a-hash', password: 'hemligt123' })).toBe(false);
  });

  it('gives the same password a different salt each time', async () => {
    const hashing = passwordHashing('test')!;
    expect(await hashing.hash('hemligt123')).not.toBe(await hashing.hash('hemligt123'));
  });
});
