import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_FLAGS } from './node-flags.ts';

// The real server process as `npm start` runs it (without the web build), on a throwaway data folder.
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-main-'));
const port = 3900 + (process.pid % 90);
const origin = `http://127.0.0.1:${port}`;

function startServer(): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, [...NODE_FLAGS, 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      OCR_WORKERS: '0',
      NODE_ENV: 'test',
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

let first: ReturnType<typeof startServer>;
beforeAll(async () => {
  first = startServer();
  await waitForHealth();
}, 90_000);
afterAll(async () => {
  if (first.child.exitCode === null) first.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('refuses a second start on the same data folder with a clear message, and leaves the first one running', async () => {
    const second = startServer();
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain('Kvitt körs redan med datamappen');
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
  }, 60_000);

  it('keeps an idle connection open longer than a client keeps it, so a request sent on it is never reset', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; reused: boolean; keepAlive: string | undefined }>((resolve, reject) => {
        const req = http.get(`${origin}/api/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              reused: req.reusedSocket,
              keepAlive: res.headers['keep-alive']?.toString(),
            }),
          );
        });
        req.on('error', reject);
      });
    const opened = await get();
    expect(opened).toMatchObject({ status: 200, reused: false, keepAlive: 'timeout=65' });
    // Longer than Node's own 5 s: a server on the default would have closed the connection by now.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await get()).toMatchObject({ status: 200, reused: true });
    agent.destroy();
  }, 30_000);

  it('finishes a request still in flight when told to stop, then exits cleanly and releases the data folder', async () => {
    const body = JSON.stringify({ email: 'sista@example.se', password: 'hemligt1', name: 'Sista' });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(`${origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      // Half the body now, SIGTERM, the rest later: the request is in flight while the server shuts down.
      req.write(body.slice(0, 20));
      setTimeout(() => first.child.kill('SIGTERM'), 300);
      setTimeout(() => req.end(body.slice(20)), 900);
    });
    const { status, text } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(text).user.email).toBe('sista@example.se');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped');
    expect(fs.existsSync(path.join(dataDir, 'kvitt.lock'))).toBe(false);
  }, 60_000);
});
