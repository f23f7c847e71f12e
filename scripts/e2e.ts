// Browser tests: build the web app, then Playwright starts the server (see e2e/playwright.config.ts) and drives
// Debian's Chromium. A missing Chromium is a failure, not a skip.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
// A build folder per run: a second run (another port) must not replace files the first run's server is serving.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-e2e-web-'));
const build = spawnSync('vite', ['build', '--logLevel', 'warn', '--outDir', webDir, '--emptyOutDir'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync('playwright', ['test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, E2E_WEB_DIR: webDir },
});
fs.rmSync(webDir, { recursive: true, force: true });
process.exit(run.status ?? 1);
