import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;
// Workers load this config again: keep the first process's folders so tests find the server's outbox.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `kvitt-e2e-${process.pid}-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  outputDir: path.join(os.tmpdir(), 'kvitt-e2e-results'),
  use: { baseURL, locale: 'sv-SE', timezoneId: 'Europe/Stockholm' },
  webServer: {
    command: 'node src/server/main.ts',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      // scripts/e2e.ts builds into a folder of its own, so parallel runs never serve each other's half-built app.
      WEB_DIR: process.env.E2E_WEB_DIR ?? 'dist/web',
      LOG_LEVEL: 'warn',
      SIGNUP_LIMIT_PER_HOUR: '10000',
      OCR_WORKERS: process.env.OCR_WORKERS ?? '2',
    },
  },
});
