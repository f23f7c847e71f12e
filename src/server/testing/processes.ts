import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NODE_FLAGS } from '../node-flags.ts';

// Server processes as `npm start` runs them, for tests of what a deployment with several processes relies on
// (decision 052).
const root = path.resolve(import.meta.dirname, '../../..');
export const PROCESS_ORIGIN = 'http://kvitt.test';

export type ServerProcess = { base: string; child: ChildProcess; log: () => string; exited: Promise<void> };

/** Starts `src/server/main.ts` on `port` against the PostgreSQL at `databaseUrl`, in a fresh data folder. */
export function startProcess(
  port: number,
  databaseUrl: string,
  env: Record<string, string> = {},
): ServerProcess & { dataDir: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-process-'));
  let log = '';
  const child = spawn(process.execPath, [...NODE_FLAGS, 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: PROCESS_ORIGIN,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      OCR_WORKERS: '0',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      ECB_RATES_URL: `http://127.0.0.1:${port + 20_000}/none.xml`,
      ...env,
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { base: `http://127.0.0.1:${port}`, child, log: () => log, exited, dataDir };
}

/** Resolves once the process answers /api/health; fails with its log when it does not within a minute. */
export async function healthy(p: ServerProcess): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${p.base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`a server process did not start:\n${p.log()}`);
}

/** Stops the processes as an operator would (SIGTERM) and removes their data folders. */
export async function stopProcesses(processes: Array<ServerProcess & { dataDir: string }>): Promise<void> {
  for (const p of processes) if (p.child.exitCode === null) p.child.kill('SIGTERM');
  await Promise.all(processes.map((p) => p.exited));
  for (const p of processes) fs.rmSync(p.dataDir, { recursive: true, force: true });
}

/** The sum of `count` over the JSON log lines of all processes that carry `message`. */
export function loggedCount(processes: ServerProcess[], message: string): number {
  return processes
    .flatMap((p) => p.log().split('\n'))
    .filter((line) => line.includes(message))
    .reduce((sum, line) => sum + (JSON.parse(line) as { count: number }).count, 0);
}
