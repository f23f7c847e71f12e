import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, chromium, expect } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { CONSENT_STORAGE_KEY } from '../src/web/lib/consent.ts';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A phone is `{ viewport: { width: 390, height: 844 }, touch: true }`: a touch screen that taps rather than clicks. */
type BrowserOptions = { viewport?: { width: number; height: number }; touch?: boolean };

type Fixtures = {
  /** Opens another, independent browser (its own cookies and storage), e.g. for a second person. */
  newBrowser: (options?: BrowserOptions) => Promise<Page>;
  /** A fresh browser context for one person in this test, as `launch` makes it. */
  openBrowser: (options?: BrowserOptions) => Promise<BrowserContext>;
};

type Options = {
  /**
   * The browser's interface language (Chromium's --lang) and the language it reports to pages. sv-SE unless a test
   * needs the Chromium of a Swede whose computer is set to English (`test.use({ browserLanguage: 'en-US' })`).
   */
  browserLanguage: string;
};

type Launch = {
  baseURL: string | undefined;
  language: string;
  // Playwright's own option; playwright.config.ts blocks service workers unless a test allows them.
  serviceWorkers: 'allow' | 'block' | undefined;
  /** This worker's running Chromium for the language, started on first use. */
  shared: (language: string) => Promise<Browser>;
};

/**
 * A fresh browser for one person: its own cookies, storage and cache. Where service workers are allowed, Chromium
 * with a profile folder of its own, since the installed app (install prompt, push) does not exist in an off-the-record
 * context; otherwise a new context in the worker's running Chromium, which costs less than half the CPU of starting
 * one (decision 073).
 */
async function launch(
  { baseURL, language, serviceWorkers, shared }: Launch,
  { viewport = { width: 1280, height: 800 }, touch = false }: BrowserOptions = {},
): Promise<BrowserContext> {
  const options = {
    baseURL,
    locale: language,
    timezoneId: 'Europe/Stockholm',
    viewport,
    hasTouch: touch,
    isMobile: touch,
    acceptDownloads: true,
    serviceWorkers,
    // Animations end at once (the app's reduced-motion rule): what is shown and tapped is the same, and the suite
    // spends no CPU drawing fades and spinners, about a tenth of its time on a two-core machine (decision 084).
    reducedMotion: 'reduce' as const,
  };
  if (serviceWorkers !== 'allow') return (await shared(language)).newContext(options);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-chromium-'));
  const context = await chromium.launchPersistentContext(dir, { ...chromiumOptions(language), ...options });
  context.on('close', () => {
    // Chromium may still be writing its profile while it exits; a leftover temporary folder must not fail a test.
    fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }).catch(() => undefined);
  });
  return context;
}

const chromiumOptions = (language: string) => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  // The interface language is Chromium's own (--lang): it decides how a type=number field reads "1234,50".
  args: [...CHROMIUM_ARGS, `--lang=${language}`],
});

/** Debian's Chromium; each person in a test gets a browser of their own (`launch`). */
export const test = base.extend<Fixtures & Options, { sharedChromium: Launch['shared'] }>({
  browserLanguage: ['sv-SE', { option: true }],
  sharedChromium: [
    async ({ playwright }, use) => {
      const running = new Map<string, Promise<Browser>>();
      await use((language) => {
        let browser = running.get(language);
        if (!browser) {
          browser = playwright.chromium.launch(chromiumOptions(language));
          running.set(language, browser);
        }
        return browser;
      });
      for (const browser of running.values()) await (await browser).close();
    },
    { scope: 'worker' },
  ],
  openBrowser: async ({ baseURL, browserLanguage, serviceWorkers, sharedChromium }, use) => {
    await use((options) =>
      launch({ baseURL, language: browserLanguage, serviceWorkers, shared: sharedChromium }, options),
    );
  },
  context: async ({ openBrowser }, use) => {
    const context = await openBrowser();
    await use(context);
    await context.close();
  },
  page: async ({ context }, use) => {
    const page = context.pages()[0] ?? (await context.newPage());
    await use(page);
  },
  newBrowser: async ({ openBrowser }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (options) => {
      const context = await openBrowser(options);
      opened.push(context);
      return context.pages()[0] ?? (await context.newPage());
    });
    for (const context of opened) await context.close();
  },
});

export { expect };

/** Fails on any serious or critical axe violation, listing them so the report says what to fix. */
export async function expectAccessible(page: Page): Promise<void> {
  let bad = await seriousViolations(page);
  // A toast whose time ran out fades while axe reads its colours, which takes seconds on a busy machine: what was
  // found is looked at once more after everything has settled again. A real violation is there both times.
  if (bad.length > 0) bad = await seriousViolations(page);
  expect(bad).toEqual([]);
}

async function seriousViolations(page: Page): Promise<string[]> {
  // A menu, dialog or toast still fading in has no contrast yet: let every finite animation end first (spinners run
  // on). A toast starts its transition a frame after it mounts, so look again until a few frames pass with none.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const running = () =>
      document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    const unmountedToast = () => document.querySelector('[data-sonner-toast][data-mounted="false"]') !== null;
    for (let quiet = 0, round = 0; quiet < 3 && round < 100; round += 1) {
      const now = running();
      if (now.length === 0 && !unmountedToast()) quiet += 1;
      else quiet = 0;
      await Promise.all([frame(), ...now.map((animation) => animation.finished.catch(() => undefined))]);
    }
  });
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

let counter = 0;
/** A unique e-mail per test run, so tests never collide in the shared e2e database. */
export const uniqueEmail = (prefix = 'test') => `${prefix}-${process.pid}-${Date.now()}-${counter++}@example.se`;

/**
 * The data folder of the server Playwright started. playwright.config.ts names it after the main process's pid, but
 * every worker loads the config again and so sets E2E_DATA_DIR to a name of its own that no server uses; the main
 * process is the worker's parent, so its folder is found by that pid.
 */
function serverDataDir(): string {
  const prefix = `kvitt-e2e-${process.ppid}-`;
  const found = fs
    .readdirSync(os.tmpdir())
    .filter((name) => name.startsWith(prefix))
    .sort()
    .at(-1);
  return found ? path.join(os.tmpdir(), found) : (process.env.E2E_DATA_DIR ?? '');
}

/**
 * The newest mail written to the server's outbox for this address (no SMTP_URL in e2e), waiting up to `waitMs` for it
 * (0: look once).
 */
export async function readOutboxLink(email: string, { waitMs = 10_000 } = {}): Promise<string> {
  const dir = path.join(serverDataDir(), 'outbox');
  const safe = email.replace(/[^a-zA-Z0-9@._-]/g, '_');
  for (let i = 0; i <= waitMs / 100; i += 1) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith(`${safe}.eml`))
          .sort()
      : [];
    const last = files.at(-1);
    if (last) {
      const raw = fs
        .readFileSync(path.join(dir, last), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(raw)?.[0];
      if (link) return link;
    }
    if (i >= waitMs / 100) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail with a link for ${email}`);
}

/** The password of accounts made by signUpInBrowser. */
export const TEST_PASSWORD = 'hemligt123';

/**
 * A new account made over the API from the page's own browser (page.request shares its cookies), so the page is
 * signed in without going through the form: for tests that are not about signing up.
 */
export async function signUpInBrowser(
  page: Page,
  baseURL: string,
  name = 'Testa Testsson',
): Promise<{ email: string; password: string; name: string }> {
  const email = uniqueEmail('konto');
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: TEST_PASSWORD, name },
    headers: { origin: new URL(baseURL).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { email, password: TEST_PASSWORD, name };
}

/** Stores a cookie choice before every page load, so the banner never covers what a test is about. */
export async function skipCookieBanner(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    try {
      window.localStorage.setItem(key, 'declined');
    } catch {
      // about:blank has no storage; the real pages do.
    }
  }, CONSENT_STORAGE_KEY);
}
