// Page loads on a slow phone: the built app served by the real server on the embedded database, loaded in Debian's
// Chromium at 390 × 844 with touch, 4× CPU slowdown and a 1.6 Mbit/s, 150 ms round-trip network (DevTools protocol),
// once with an empty cache and once warm. Reports largest contentful paint, total blocking time, layout shift and the
// bytes moved, then the time from "Nästa" to the wizard's next step and from "Spara utgift" to the list showing it.
// Run with `npm run bench:web` (it builds first). Timings move with the machine's load; bytes do not.
// BENCH_PAGES=/,/auth measures only the pages named (comma-separated, as in the table; "wizard" adds the step times,
// "dialog" the first opening of the settlement dialog);
// BENCH_REQUESTS=1 prints every request of each cold load with its bytes; BENCH_TIMELINE=1 prints each load's
// timeline (document, scripts, API reads, what the page shows, long tasks, LCP, in ms from navigation start);
// BENCH_PROFILE=/some/prefix writes a CPU profile of each warm load and each "Nästa" tap to /some/prefix-….cpuprofile,
// BENCH_TRACE=/some/prefix a DevTools trace of each warm load and each "Nästa" tap (style, layout and paint included).
// BENCH_WARM says what "warm" is: unset, the visit right after the first, with the HTTP cache filled and the service
// worker perhaps still installing; "worker", a visit once the worker has installed and taken over (a returning user);
// "repeat", a third visit, the second one untimed, from the HTTP cache.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import type { BrowserContext, CDPSession, Page } from '@playwright/test';
import * as sv from '#shared/i18n/sv.ts';
import { CONSENT_STORAGE_KEY } from '#web/lib/consent.ts';
import { NODE_FLAGS } from '#server/node-flags.ts';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 3790);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ONLY = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
const wanted = (name: string) => !ONLY || ONLY.includes(name);
const LIST_REQUESTS = process.env.BENCH_REQUESTS === '1';
const TIMELINE = process.env.BENCH_TIMELINE === '1';
const WARM = process.env.BENCH_WARM ?? '';
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: (750e3 / 8) * 0.9,
};

type Load = { lcp: number; tbt: number; cls: number; kB: number; jsKB: number; requests: number };

function startServer(dataDir: string) {
  const child = spawn(process.execPath, [...NODE_FLAGS, 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: ORIGIN,
      DATA_DIR: dataDir,
      OCR_WORKERS: '0',
      LOG_LEVEL: 'warn',
      ECB_RATES_URL: `http://127.0.0.1:${PORT + 1}/none.xml`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

/** Collects paint, long tasks and layout shifts from the page's own observers, from the first byte on. */
const OBSERVE = `(() => {
  const m = (window.__bench = { lcp: 0, tbt: 0, cls: 0, tasks: [], dom: [] });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) { m.lcp = e.startTime; m.lcpElement = (e.element?.tagName ?? '') + ' ' + (e.element?.textContent ?? '').slice(0, 40); } }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) { m.tbt += Math.max(0, e.duration - 50); m.tasks.push([Math.round(e.startTime), Math.round(e.duration)]); } }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) m.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
})();`;

/** With BENCH_TIMELINE=1: what the page shows, each time it changes (it costs time on every change, so only then). */
const DOM_LOG = `(() => {
  const m = window.__bench;
  let last = '';
  new MutationObserver(() => {
    const root = document.getElementById('root');
    if (!root) return;
    const state = root.querySelectorAll('*').length + ' elements, h1 ' + (root.querySelector('h1')?.textContent ?? '-') + ', busy ' + root.querySelectorAll('[aria-busy="true"]').length + ', spinner ' + root.querySelectorAll('svg.animate-spin').length;
    if (state !== last && m.dom.length < 60) m.dom.push([Math.round(performance.now()), state]);
    last = state;
  }).observe(document, { childList: true, subtree: true });
})();`;

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

async function measure(page: Page, cdp: CDPSession, url: string, ready: string, cold: boolean): Promise<Load> {
  if (cold) {
    // A first visit: no HTTP cache, and no installed service worker or its precache from an earlier page.
    await cdp.send('Network.clearBrowserCache');
    const origin = new URL(url).origin;
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  }
  let bytes = 0;
  let jsBytes = 0;
  let requests = 0;
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  const listed: string[] = [];
  const onResponse = (e: { requestId: string; type?: string; response: { url: string } }) => {
    types.set(e.requestId, e.type ?? '');
    urls.set(e.requestId, e.response.url);
  };
  const onFinished = (e: { requestId: string; encodedDataLength: number; timestamp: number }) => {
    bytes += e.encodedDataLength;
    requests += 1;
    if (types.get(e.requestId) === 'Script') jsBytes += e.encodedDataLength;
    listed.push(`${(e.encodedDataLength / 1024).toFixed(1).padStart(6)} kB  ${urls.get(e.requestId) ?? '?'}`);
  };
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.loadingFinished', onFinished);
  const profile = process.env.BENCH_PROFILE && !cold;
  if (profile) await startProfile(cdp, 200);
  const trace = process.env.BENCH_TRACE && !cold;
  if (trace) await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReturnAsStream' });
  await visit(page, url, ready);
  if (profile) await saveProfile(cdp, `${process.env.BENCH_PROFILE}-${Date.now()}.cpuprofile`);
  if (trace) await saveTrace(cdp, `${process.env.BENCH_TRACE}-load-${Date.now()}.json`);
  const m = await page.evaluate(
    () => (window as unknown as { __bench: { lcp: number; tbt: number; cls: number } }).__bench,
  );
  cdp.off('Network.responseReceived', onResponse);
  cdp.off('Network.loadingFinished', onFinished);
  if (TIMELINE) console.log(`\n${url} ${cold ? 'cold' : 'warm'}:\n${await timeline(page)}`);
  if (LIST_REQUESTS && cold)
    console.log(`\n${url} cold, ${requests} requests, ${(bytes / 1024).toFixed(1)} kB:\n${listed.join('\n')}`);
  return {
    lcp: Math.round(m.lcp),
    tbt: Math.round(m.tbt),
    cls: Number(m.cls.toFixed(3)),
    kB: Math.round(bytes / 1024),
    jsKB: Math.round(jsBytes / 1024),
    requests,
  };
}

/** The load as the page saw it: when the document, each script and API read started and ended, long tasks, LCP. */
async function timeline(page: Page): Promise<string> {
  return page.evaluate(() => {
    const ms = (t: number) => String(Math.round(t)).padStart(5);
    const lines: string[] = [];
    const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (nav)
      lines.push(
        `${ms(nav.startTime)} ${ms(nav.responseEnd)}  document (worker ${Math.round(nav.workerStart)}, DOMContentLoaded ${Math.round(nav.domContentLoadedEventEnd)})`,
      );
    for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      const what = new URL(e.name).pathname + new URL(e.name).search;
      if (what.startsWith('/api/') || what.endsWith('.js'))
        lines.push(
          `${ms(e.startTime)} ${ms(e.responseEnd)}  ${what} ${e.transferSize > 0 ? `${e.transferSize} B` : 'cache'}`,
        );
    }
    const bench = (window as unknown as { __bench: { lcp: number; tasks: Array<[number, number]> } }).__bench;
    for (const [at, state] of (bench as unknown as { dom: Array<[number, string]> }).dom)
      lines.push(`${ms(at)}        dom: ${state}`);
    for (const [start, duration] of bench.tasks) lines.push(`${ms(start)} ${ms(start + duration)}  long task`);
    lines.push(`${ms(bench.lcp)}        LCP ${(bench as unknown as { lcpElement?: string }).lcpElement ?? ''}`);
    return lines.sort().join('\n');
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function seed(context: BrowserContext): Promise<string> {
  const api = context.request;
  const headers = { origin: ORIGIN };
  const email = `bench-${Date.now()}@example.se`;
  await api.post(`${ORIGIN}/api/auth/sign-up/email`, {
    headers,
    data: { email, password: 'hemligt123', name: 'Anna Bench' },
  });
  const group = (await (await api.post(`${ORIGIN}/api/groups`, { headers, data: { name: 'Fjällresan' } })).json()) as {
    group: { id: string };
  };
  const groupId = group.group.id;
  const members = (await (await api.get(`${ORIGIN}/api/groups/${groupId}/members`)).json()) as {
    members: Array<{ id: string; isMe: boolean }>;
  };
  const me = members.members.find((member) => member.isMe)?.id;
  for (let i = 0; i < 60; i += 1) {
    await api.post(`${ORIGIN}/api/groups/${groupId}/expenses`, {
      headers,
      data: {
        id: randomUUID(),
        totalOre: 10_000 + i * 137,
        currency: 'SEK',
        expenseDate: '2026-11-20',
        merchant: `ICA Nära ${i}`,
        category: 'mat',
        note: null,
        payerMemberId: me,
        split: { method: 'equal', participants: [{ memberId: me }] },
        manualRateMicros: null,
        imageId: null,
      },
    });
  }
  return groupId;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-bench-web-'));
  const server = startServer(dataDir);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-bench-chromium-'));
  try {
    await waitForHealth();
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--lang=sv-SE'],
      locale: 'sv-SE',
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await context.addInitScript(OBSERVE);
    if (TIMELINE) await context.addInitScript(DOM_LOG);
    await context.addInitScript((key) => {
      try {
        localStorage.setItem(key, 'declined');
      } catch {
        // about:blank has no storage
      }
    }, CONSENT_STORAGE_KEY);
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    const pages: Array<{ name: string; url: string; ready: string; signedIn: boolean }> = [
      { name: '/', url: '/', ready: 'Kvitt', signedIn: false },
      { name: '/auth', url: '/auth', ready: sv.auth.email, signedIn: false },
    ];
    const results: Array<{ name: string; cold: Load; warm: Load }> = [];
    for (const p of pages.filter((candidate) => wanted(candidate.name)))
      results.push(await measurePage(page, cdp, p.name, ORIGIN + p.url, p.ready));

    // The signed-in pages, after a sign-up: the public pages above are measured as a visitor without a session.
    const groupId = ONLY?.every((name) => name === '/' || name === '/auth') ? 'none' : await seed(context);
    const group = `${ORIGIN}/app/group/${groupId}`;
    const signedIn = [
      { name: '/app', url: `${ORIGIN}/app`, ready: 'Fjällresan' },
      { name: 'group: Saldo', url: `${group}?tab=balance`, ready: 'Fjällresan' },
      { name: 'group: Kvitton', url: `${group}?tab=receipts`, ready: 'ICA Nära 59' },
      { name: 'group: Bilagor', url: `${group}?tab=attachments`, ready: 'Fjällresan' },
      { name: 'group: Medlemmar', url: `${group}?tab=members`, ready: 'Anna Bench' },
      { name: 'wizard', url: `${group}/expense/new`, ready: sv.expenses.wizard.stepTitles[0] },
    ];
    for (const p of signedIn.filter((candidate) => wanted(candidate.name))) {
      results.push(await measurePage(page, cdp, p.name, p.url, p.ready));
    }

    const wizard = wanted('wizard') ? await wizardTimes(page, group) : undefined;
    const dialog = wanted('dialog') ? await dialogTimes(page, group) : undefined;
    console.log(
      JSON.stringify({ runs: RUNS, network: '1.6 Mbit/s, 150 ms, CPU 4×', pages: results, wizard, dialog }, null, 2),
    );
    printTable(results, wizard);
    if (dialog) console.log(`Balance tab, tap to the frame showing the settlement dialog: ${dialog.openPaintMs} ms`);
    await context.close();
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** Waits until the page's service worker has installed (its precache filled) and is active. */
async function workerInCharge(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker && worker.state !== 'activated')
      await new Promise((resolve) => worker.addEventListener('statechange', resolve, { once: true }));
  });
}

/** A visit: the page loaded and showing `ready`. */
async function visit(page: Page, url: string, ready: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await page.getByText(ready, { exact: false }).first().waitFor({ timeout: 60_000 });
  // LCP settles once the page is still; give the last image or font its moment, as a person would wait.
  await page.waitForTimeout(1500);
}

async function measurePage(page: Page, cdp: CDPSession, name: string, url: string, ready: string) {
  const cold: Load[] = [];
  const warm: Load[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    cold.push(await measure(page, cdp, url, ready, true));
    if (WARM === 'worker') await workerInCharge(page);
    if (WARM === 'repeat') await visit(page, url, ready);
    warm.push(await measure(page, cdp, url, ready, false));
  }
  const mid = (loads: Load[]): Load => ({
    lcp: median(loads.map((l) => l.lcp)),
    tbt: median(loads.map((l) => l.tbt)),
    cls: median(loads.map((l) => l.cls)),
    kB: median(loads.map((l) => l.kB)),
    jsKB: median(loads.map((l) => l.jsKB)),
    requests: median(loads.map((l) => l.requests)),
  });
  return { name, cold: mid(cold), warm: mid(warm) };
}

/**
 * Milliseconds from the tap to what follows it on screen (median of the runs), two ways: `…Ms` from the page's clock
 * before Playwright's tap to when Playwright has seen the result (so it includes Playwright's own checks before it
 * taps and its polling after), and `…PaintMs` measured inside the page alone, from the tap's own event time to the
 * first frame drawn after the text appeared: what the person waits for.
 */
async function wizardTimes(page: Page, group: string) {
  const next: number[] = [];
  const save: number[] = [];
  const nextPaint: number[] = [];
  const nextFromClick: number[] = [];
  const nextFields: number[] = [];
  const savePaint: number[] = [];
  const profiler = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
  const tracer = process.env.BENCH_TRACE ? await page.context().newCDPSession(page) : null;
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto(`${group}/expense/new`);
    const merchant = `Bench ${run} ${Date.now()}`;
    await page.getByLabel(sv.expenses.fields.amount, { exact: true }).pressSequentially('123,50');
    await page.getByLabel(sv.expenses.fields.merchant).pressSequentially(merchant);
    const step2 = sv.expenses.wizard.stepTitles[1] ?? '';
    const nextShown = await tapToPaint(page, 'h1, h2, h3', step2);
    // The step's own fields (its first button), which may come a moment after its title.
    const fieldsShown = await tapToPaint(page, 'button', sv.assist.suggest.button);
    if (tracer) await tracer.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReturnAsStream' });
    if (profiler) await startProfile(profiler, 100);
    next.push(
      await tapUntil(page, sv.expenses.wizard.next, () => page.getByRole('heading', { name: step2 }).waitFor()),
    );
    const nextTimes = await nextShown();
    if (profiler) await saveProfile(profiler, `${process.env.BENCH_PROFILE}-next-${Date.now()}.cpuprofile`);
    if (tracer) await saveTrace(tracer, `${process.env.BENCH_TRACE}-next-${Date.now()}.json`);
    nextPaint.push(nextTimes.fromTap);
    nextFields.push((await fieldsShown()).fromTap);
    nextFromClick.push(nextTimes.fromClick);
    await page.getByRole('button', { name: sv.expenses.wizard.next }).click();
    await page.getByRole('heading', { name: sv.expenses.wizard.stepTitles[2] }).waitFor();
    const listed = await tapToPaint(page, '[data-testid="expense-item"]', merchant);
    save.push(
      await tapUntil(page, sv.expenses.wizard.save, () =>
        page.getByText(merchant).first().waitFor({ timeout: 30_000 }),
      ),
    );
    savePaint.push((await listed()).fromTap);
  }
  return {
    nextMs: median(next),
    saveToListMs: median(save),
    nextPaintMs: median(nextPaint),
    nextFromClickMs: median(nextFromClick),
    nextFieldsPaintMs: median(nextFields),
    saveToListPaintMs: median(savePaint),
  };
}

/**
 * The first opening of the settlement dialog on a warm balance tab (median of the runs): the tap on "Visa vem som ska
 * betala" to the frame showing the dialog's title. Each run loads the page again, so the dialog's code comes from the
 * cache, not from the page's memory.
 */
async function dialogTimes(page: Page, group: string) {
  const open: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await page.goto(`${group}?tab=balance`);
    const button = page.getByRole('button', { name: sv.settlement.showTransfers });
    await button.waitFor();
    // What a person does before tapping: look at the balances for a moment.
    await page.waitForTimeout(1000);
    const shown = await tapToPaint(page, 'h2', sv.settlement.dialogTitle);
    await button.tap();
    open.push((await shown()).fromTap);
  }
  return { openPaintMs: median(open) };
}

/** Starts sampling the page's JavaScript every `intervalUs` microseconds. */
async function startProfile(cdp: CDPSession, intervalUs: number): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: intervalUs });
  await cdp.send('Profiler.start');
}

/** Stops the sampling `startProfile` began and writes the profile to `file` (open it in DevTools). */
async function saveProfile(cdp: CDPSession, file: string): Promise<void> {
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync(file, JSON.stringify(profile));
}

const TRACE_CATEGORIES = 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing,v8.execute';

/** Ends a trace started with transferMode ReturnAsStream and writes it to `file` (open it in DevTools' Performance). */
async function saveTrace(cdp: CDPSession, file: string): Promise<void> {
  const complete = new Promise<string>((resolve) =>
    cdp.once('Tracing.tracingComplete', (event: { stream?: string }) => resolve(event.stream ?? '')),
  );
  await cdp.send('Tracing.end');
  const stream = await complete;
  const chunks: string[] = [];
  for (;;) {
    const { data, eof } = await cdp.send('IO.read', { handle: stream });
    chunks.push(data);
    if (eof) break;
  }
  await cdp.send('IO.close', { handle: stream });
  fs.writeFileSync(file, chunks.join(''));
}

/**
 * From the tap's first touch (pointerdown) and from its click, to the frame showing the result. The click follows the
 * finger's lift, so `fromClick` is what the page itself takes (the span Event Timing and INP measure).
 */
type TapTimes = { fromTap: number; fromClick: number };

let watchers = 0;

/**
 * Starts watching the page (it stays one document: the wizard and the list are client-side routes) for the next tap
 * and for an element matching `selector` with `text`; the answer resolves to the milliseconds between the tap's
 * event time and the frame after the element appeared.
 */
async function tapToPaint(page: Page, selector: string, text: string): Promise<() => Promise<TapTimes>> {
  const key = `kvittTapToPaint${watchers++}`;
  await page.evaluate(
    ({ key, selector, text }) => {
      const w = window as unknown as Record<string, Promise<TapTimes>>;
      w[key] = new Promise<TapTimes>((resolve) => {
        let tapped: number | undefined;
        let clicked: number | undefined;
        const shown = () => [...document.querySelectorAll(selector)].some((e) => e.textContent?.includes(text));
        const check = () => {
          if (tapped === undefined || !shown()) return;
          observer.disconnect();
          const start = tapped;
          // The frame that shows it: after the next animation frame's paint.
          requestAnimationFrame(() =>
            setTimeout(() => {
              const now = performance.now();
              resolve({ fromTap: now - start, fromClick: now - (clicked ?? start) });
            }, 0),
          );
        };
        const observer = new MutationObserver(check);
        addEventListener(
          'pointerdown',
          (event) => {
            tapped = event.timeStamp;
            check();
          },
          { capture: true, once: true },
        );
        addEventListener(
          'click',
          (event) => {
            clicked = event.timeStamp;
          },
          { capture: true, once: true },
        );
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    },
    { key, selector, text },
  );
  return async () => {
    const times = await page.evaluate(
      (key) => (window as unknown as Record<string, Promise<TapTimes>>)[key] as Promise<TapTimes>,
      key,
    );
    return { fromTap: Math.round(times.fromTap), fromClick: Math.round(times.fromClick) };
  };
}

async function tapUntil(page: Page, button: string, shown: () => Promise<void>): Promise<number> {
  const target = page.getByRole('button', { name: button });
  await target.waitFor();
  const started = await page.evaluate(() => performance.now());
  await target.tap();
  await shown();
  return Math.round((await page.evaluate(() => performance.now())) - started);
}

function printTable(
  results: Array<{ name: string; cold: Load; warm: Load }>,
  wizard: Awaited<ReturnType<typeof wizardTimes>> | undefined,
) {
  console.log('\n| Page | cold kB (JS) | cold LCP ms | cold TBT ms | warm kB | warm LCP ms | CLS |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.cold.kB} (${r.cold.jsKB}) | ${r.cold.lcp} | ${r.cold.tbt} | ${r.warm.kB} | ${r.warm.lcp} | ${Math.max(r.cold.cls, r.warm.cls)} |`,
    );
  }
  if (!wizard) return;
  console.log(`\nWizard: "Nästa" → step 2 ${wizard.nextMs} ms; "Spara utgift" → list ${wizard.saveToListMs} ms`);
  console.log(
    `Measured in the page, tap to the frame showing it: "Nästa" → step 2 ${wizard.nextPaintMs} ms (${wizard.nextFromClickMs} ms from the click), its fields ${wizard.nextFieldsPaintMs} ms; "Spara utgift" → list ${wizard.saveToListPaintMs} ms`,
  );
}

await main();
