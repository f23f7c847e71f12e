import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import webPush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { VAPID_FILE, loadVapidKeys } from './vapid.ts';

const logger = pino({ level: 'silent' });
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-vapid-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the Web Push key pair', () => {
  it('is made once and kept in the data folder, readable only by the server, so a restart keeps every opt-in', () => {
    const env = loadEnv({ DATA_DIR: tempDir() });
    const first = loadVapidKeys(env, logger);
    const file = path.join(env.dataDir, VAPID_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys(env, logger)).toEqual(first);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(first.subject).toBe('mailto:support@kvitt.se');
    expect(loadVapidKeys(loadEnv({ DATA_DIR: tempDir() }), logger).publicKey).not.toBe(first.publicKey);
  });

  it('comes from the environment when both keys are set, and nothing is written then', () => {
    const pair = webPush.generateVAPIDKeys();
    const dir = tempDir();
    const env = loadEnv({
      DATA_DIR: dir,
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'https://kvitt.se',
    });
    expect(loadVapidKeys(env, logger)).toEqual({ ...pair, subject: 'https://kvitt.se' });
    expect(fs.existsSync(path.join(dir, VAPID_FILE))).toBe(false);
  });

  it('refuses half a key pair and a subject push services cannot use', () => {
    expect(() => loadEnv({ VAPID_PUBLIC_KEY: webPush.generateVAPIDKeys().publicKey })).toThrow(/both or neither/);
    expect(() => loadEnv({ VAPID_SUBJECT: 'support@kvitt.se' })).toThrow(/VAPID_SUBJECT/);
  });
});
