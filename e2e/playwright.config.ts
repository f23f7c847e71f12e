import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { NODE_FLAGS } from '../src/server/node-flags.ts';
import { TEST_PUSH_CERT } from '../src/server/testing/push-service.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://127.0.0.1:${port}`;
// Workers load this config again: keep the first process's folders so tests find the server's outbox.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `kvitt-e2e-${process.pid}-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;
/** A local Stripe stand-in (e2e/fake-stripe.ts), so Premium checkout and its webhook run for real. */
const stripePort = port + 10_000;
export const stripeURL = `http://127.0.0.1:${stripePort}`;
export const STRIPE_WEBHOOK_SECRET = 'whsec_kvitt_e2e';
/**
 * The ECB feed: a local port nothing listens on, so the server fails fast with "connection refused" as a machine
 * without internet does, instead of waiting for a DNS or TCP time-out. A test that needs a known rate listens on it
 * for a moment (e2e/money-input.spec.ts).
 */
export const ecbPort = port + 20_000;
export const ecbURL = `http://127.0.0.1:${ecbPort}/stats/eurofxref/eurofxref-hist-90d.xml`;
/** The server trusts the certificate of the push service a test starts (e2e/notifications.spec.ts). */
const pushCaFile = path.join(os.tmpdir(), 'kvitt-e2e-push-ca.pem');
fs.writeFileSync(pushCaFile, TEST_PUSH_CERT);

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // Whole journeys of typed input at 390 px: the longest take 40–50 s on a quiet two-core machine, and two to three
  // times that on one whose every page fault is slow (13 µs instead of under one: a new Chromium renderer pays it on
  // each page it touches), where two minutes was no longer enough. Each expectation still gives up after its own 10 s.
  timeout: 180_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Three browsers at once: most of a browser test is waiting on the server or an animation, not the CPU.
  workers: 3,
  // One more try for a test that fails: the list reporter names a test that passed only on its second try "flaky",
  // so it is seen and fixed, while a test that fails twice still fails the run (decision 073).
  retries: 1,
  reporter: [['list']],
  outputDir: path.join(os.tmpdir(), 'kvitt-e2e-results'),
  // Kvitt's service worker precaches the whole build in every fresh browser: only the tests of the installed app
  // (pwa, offline entry, notifications) allow it, with test.use({ serviceWorkers: 'allow' }).
  use: { baseURL, locale: 'sv-SE', timezoneId: 'Europe/Stockholm', serviceWorkers: 'block' },
  webServer: [
    {
      command: `node e2e/fake-stripe.ts ${stripePort}`,
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${stripeURL}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node ${NODE_FLAGS.join(' ')} src/server/main.ts`,
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
        JOIN_LIMIT_PER_ADDRESS: '10000',
        OCR_WORKERS: process.env.OCR_WORKERS ?? '2',
        STRIPE_SECRET_KEY: 'sk_test_kvitt_e2e',
        STRIPE_PRICE_MONTHLY: 'price_e2e_month',
        STRIPE_PRICE_YEARLY: 'price_e2e_year',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripeURL,
        ECB_RATES_URL: ecbURL,
        NODE_EXTRA_CA_CERTS: pushCaFile,
      },
    },
  ],
});
