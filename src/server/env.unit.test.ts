import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema, loadEnv } from './env.ts';

const root = path.resolve(import.meta.dirname, '../..');
const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

function parseDotenv(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const);
  return Object.fromEntries(entries);
}

describe('configuration', () => {
  it('runs with .env.example exactly as shipped', () => {
    const env = loadEnv(parseDotenv(example));
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('documents every variable of the schema in .env.example and in the README table', () => {
    const documented = parseDotenv(example);
    for (const name of Object.keys(envSchema.shape)) {
      expect(Object.keys(documented), `.env.example lacks ${name}`).toContain(name);
      expect(readme, `README lacks ${name}`).toContain(`\`${name}\``);
    }
  });

  it('refuses to run in production without a session secret', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
  });
});
