import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

type PasswordHashing = { hash(password: string): Promise<string>; verify(input: { hash: string; password: string }): Promise<boolean> };

/**
 * scrypt at 1/16 of better-auth's work factor (N 2^10 instead of 2^14, r 8 instead of 16), for test processes only:
 * the test suites sign up about a thousand accounts a run, and at full cost each sign-up is ~100 ms of a core
 * (decision 071). The stored form is better-auth's own "salt:key" in hex.
 */
const TEST_COST = { N: 1024, r: 8, p: 1 } as const;
const KEY_BYTES = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, { ...TEST_COST, maxmem: 256 * TEST_COST.N * TEST_COST.r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The password hashing for this environment: better-auth's own (undefined) everywhere but in tests. */
export function passwordHashing(nodeEnv: 'development' | 'production' | 'test'): PasswordHashing | undefined {
  if (nodeEnv !== 'test') return undefined;
  return {
    async hash(password) {
      const salt = randomBytes(16).toString('hex');
      return `${salt}:${(await derive(password, salt)).toString('hex')}`;
    },
    async verify({ hash, password }) {
      const [salt, key] = hash.split(':');
      if (!salt || !key) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await derive(password, salt);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
