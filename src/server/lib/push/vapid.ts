import fs from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import type { Env } from '../../env.ts';
import type { Logger } from '../logger.ts';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export const VAPID_FILE = 'vapid-keys.json';

function readKeyFile(file: string): { publicKey: string; privateKey: string } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const data = JSON.parse(text) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof data.publicKey !== 'string' || typeof data.privateKey !== 'string') {
    throw new Error(`${file} does not hold a VAPID key pair; remove it to make a new one`);
  }
  return { publicKey: data.publicKey, privateKey: data.privateKey };
}

/**
 * The server's VAPID key pair (decision 048): from the environment, else the pair kept in DATA_DIR, else a new pair
 * written there once. Every subscription is bound to the public key, so the pair must outlive restarts: a new one
 * would silently end every device's opt-in.
 */
export function loadVapidKeys(env: Env, logger: Logger): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(env.dataDir, VAPID_FILE);
  const kept = readKeyFile(file);
  if (kept) return { ...kept, subject };
  const made = webPush.generateVAPIDKeys();
  fs.mkdirSync(env.dataDir, { recursive: true });
  try {
    // 'wx': of two processes starting on one folder, the second keeps the first one's pair.
    fs.writeFileSync(file, `${JSON.stringify(made, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const other = readKeyFile(file);
    if (other) return { ...other, subject };
  }
  logger.info({ file }, 'made a new Web Push key pair');
  return { publicKey: made.publicKey, privateKey: made.privateKey, subject };
}
