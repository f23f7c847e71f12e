import type { Locator, Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { CONSENT_STORAGE_KEY } from '../src/web/lib/consent.ts';
import { expect, expectAccessible, signUpInBrowser, skipCookieBanner, test } from './fixtures.ts';

const shell = sv.shell;
const SIDEBAR_COOKIE = 'sidebar_state';
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

const sidebarOf = (page: Page) => page.getByRole('navigation', { name: shell.nav.label });
const widthOf = async (locator: Locator) => Math.round((await locator.boundingBox())?.width ?? -1);
const storedConsent = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), CONSENT_STORAGE_KEY);

/** Signed in (over the API, in this browser) and on /app with the shell shown. */
async function openApp(page: Page, baseURL: string | undefined, path = '/app'): Promise<void> {
  await skipCookieBanner(page);
  await signUpInBrowser(page, baseURL ?? '');
  await page.goto(path);
  await expect(sidebarOf(page)).toBeVisible();
}

test.describe('app shell', () => {
  test('the sidebar lists navigation, quick actions, Mina grupper, Inställningar and Logga ut, accessibly', async ({
    page,
    baseURL,
  }) => {
    await openApp(page, baseURL);
    const sidebar = sidebarOf(page);
    const links: [string, string][] = [
      [shell.nav.home, '/app'],
      [shell.nav.createGroup, '/app/create-group'],
      [shell.nav.joinGroup, '/app/join'],
      [shell.quick.addExpense, '/app/add-expense'],
      [shell.quick.statistics, '/app/statistics'],
      [shell.quick.currency, '/app/settings'],
      [shell.settings, '/app/settings'],
    ];
    for (const [name, href] of links) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(sidebar.getByRole('link', { name: shell.nav.home, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(sidebar.getByRole('heading', { name: shell.quick.label })).toBeVisible();
    const myGroups = sidebar.getByRole('group', { name: shell.myGroups });
    await expect(myGroups).toBeVisible();
    await expect(myGroups).toContainText(sv.groups.sidebar.empty);
    await expect(sidebar.getByRole('button', { name: shell.logout })).toBeVisible();
    await expect(sidebar.getByRole('group', { name: shell.theme.label })).toBeVisible();
    await expectAccessible(page);

    await sidebar.getByRole('link', { name: shell.nav.createGroup, exact: true }).click();
    await expect(page).toHaveURL(/\/app\/create-group$/);
    await expect(sidebar.getByRole('link', { name: shell.nav.createGroup, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the theme is System by default, follows the system, and a chosen light or dark survives a reload', async ({
    page,
    baseURL,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openApp(page, baseURL);
    const html = page.locator('html');
    const themes = sidebarOf(page).getByRole('group', { name: shell.theme.label });
    await expect(themes.getByRole('button', { name: shell.theme.system })).toHaveAttribute('aria-pressed', 'true');
    await expect(html).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/\bdark\b/);

    await themes.getByRole('button', { name: shell.theme.dark }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(themes.getByRole('button', { name: shell.theme.dark })).toHaveAttribute('aria-pressed', 'true');
    await expect(html).toHaveClass(/\bdark\b/);

    await page.emulateMedia({ colorScheme: 'dark' });
    await themes.getByRole('button', { name: shell.theme.light }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(themes.getByRole('button', { name: shell.theme.light })).toHaveAttribute('aria-pressed', 'true');
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expectAccessible(page);

    await themes.getByRole('button', { name: shell.theme.system }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(themes.getByRole('button', { name: shell.theme.system })).toHaveAttribute('aria-pressed', 'true');
    await expect(html).toHaveClass(/\bdark\b/);
  });

  test('the chosen theme is on the page before its body is parsed, so a dark page never flashes white', async ({
    page,
  }) => {
    // The page's class when the parser reaches <body>: after the head's theme script, before any module has run.
    await page.addInitScript(() => {
      const seen = window as unknown as { classAtBody?: string };
      new MutationObserver((_changes, observer) => {
        if (!document.body) return;
        seen.classAtBody = document.documentElement.className;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.emulateMedia({ colorScheme: 'dark' });
    const classAtBody = async () =>
      page.evaluate(() => (window as unknown as { classAtBody?: string }).classAtBody ?? '');
    await page.goto('/');
    expect(await classAtBody()).toMatch(/\bdark\b/);
    await page.evaluate(() => localStorage.setItem('kvitt-theme', 'light'));
    await page.reload();
    expect(await classAtBody()).not.toMatch(/\bdark\b/);
    // The script is a content-hashed file the browser keeps, not one it asks the server for again on every visit.
    const src = await page.locator('head script:not([type])').first().getAttribute('src');
    expect(src).toMatch(/^\/assets\/theme-init-[\w-]+\.js$/);
  });

  test('Ctrl+B collapses the 16rem sidebar to 3rem and back, remembered for 7 days in a cookie', async ({
    page,
    context,
    baseURL,
  }) => {
    await openApp(page, baseURL);
    const sidebar = sidebarOf(page);
    const trigger = page.getByRole('button', { name: shell.toggleSidebar });
    const sidebarCookie = async () => (await context.cookies()).find((cookie) => cookie.name === SIDEBAR_COOKIE);
    await expect.poll(() => widthOf(sidebar)).toBe(256);
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');

    await page.keyboard.press('Control+b');
    await expect.poll(() => widthOf(sidebar)).toBe(48);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    const cookie = await sidebarCookie();
    expect(cookie?.value).toBe('false');
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(SEVEN_DAYS_S - 120);
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeLessThanOrEqual(SEVEN_DAYS_S);
    // Collapsed to icons, the entries are still there by name.
    await expect(sidebar.getByRole('link', { name: shell.nav.home, exact: true })).toBeVisible();

    await page.reload();
    await expect(sidebar).toBeVisible();
    await expect.poll(() => widthOf(sidebar)).toBe(48);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Control+b');
    await expect.poll(() => widthOf(sidebar)).toBe(256);
    expect((await sidebarCookie())?.value).toBe('true');
    await trigger.click();
    await expect.poll(() => widthOf(sidebar)).toBe(48);
    await page.reload();
    await expect(sidebar).toBeVisible();
    await expect.poll(() => widthOf(sidebar)).toBe(48);
  });

  test('on a 375 px phone the sidebar is an 18rem drawer, hidden until opened and closed by following a link', async ({
    newBrowser,
    baseURL,
  }) => {
    const page = await newBrowser({ viewport: { width: 375, height: 740 } });
    await skipCookieBanner(page);
    await signUpInBrowser(page, baseURL ?? '');
    await page.goto('/app');
    const trigger = page.getByRole('button', { name: shell.toggleSidebar });
    await expect(trigger).toBeVisible();
    await expect(sidebarOf(page)).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await trigger.click();
    const drawer = page.getByRole('dialog', { name: shell.nav.label });
    await expect(drawer).toBeVisible();
    await expect.poll(() => widthOf(drawer)).toBe(288);
    await expect(drawer.getByRole('link', { name: shell.quick.addExpense })).toBeVisible();
    await expectAccessible(page);

    await drawer.getByRole('link', { name: shell.nav.createGroup, exact: true }).click();
    await expect(page).toHaveURL(/\/app\/create-group$/);
    await expect(drawer).toBeHidden();

    await page.keyboard.press('Control+b');
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('Alt+T moves the focus to the notifications while a toast shows', async ({ page, baseURL }) => {
    await openApp(page, baseURL);
    await sidebarOf(page).getByRole('button', { name: shell.logout }).click();
    const region = page.getByRole('region', { name: shell.notifications });
    await expect(region.getByText(sv.auth.loggedOut)).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    // sonner focuses its list of toasts (inside the labelled region) and expands it.
    const list = region.getByRole('list');
    await expect(list).not.toBeFocused();
    await page.keyboard.press('Alt+t');
    await expect(list).toBeFocused();
    await expect(list.getByRole('listitem').filter({ hasText: sv.auth.loggedOut })).toHaveAttribute(
      'data-expanded',
      'true',
    );
  });
});

test.describe('not-found page', () => {
  test('an unknown path shows 404 with a link to the start page when signed out', async ({ page }) => {
    await skipCookieBanner(page);
    await page.goto('/finns/inte');
    // The big "404" is decoration (hidden from screen readers, which hear it in the heading).
    await expect(page.getByText(shell.notFound.code, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${shell.notFound.code} ${shell.notFound.title}`);
    await expect(page).toHaveTitle(sv.fill(shell.pageTitle, { page: shell.notFound.code }));
    await expectAccessible(page);
    await page.getByRole('link', { name: shell.notFound.home }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown path shows 404 when signed in, inside the shell below /app', async ({ page, baseURL }) => {
    await openApp(page, baseURL, '/app/finns/inte');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${shell.notFound.code} ${shell.notFound.title}`);
    await expect(page.getByRole('link', { name: shell.notFound.home })).toHaveAttribute('href', '/');
    await expectAccessible(page);

    await page.goto('/finns/inte');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${shell.notFound.code} ${shell.notFound.title}`);
    await expect(page.getByRole('link', { name: shell.notFound.home })).toBeVisible();
  });
});

test.describe('cookie banner', () => {
  const banner = (page: Page) => page.getByRole('region', { name: shell.cookies.title });

  test('shows on the first visit; Acceptera stores accepted and it never shows again', async ({ page }) => {
    await page.goto('/auth');
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toContainText(shell.cookies.text);
    await expectAccessible(page);
    await banner(page).getByRole('button', { name: shell.cookies.accept }).click();
    await expect(banner(page)).toBeHidden();
    expect(await storedConsent(page)).toBe('accepted');

    for (const path of ['/auth', '/forgot-password']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(banner(page)).toHaveCount(0);
    }
    expect(await storedConsent(page)).toBe('accepted');
  });

  test('"Endast nödvändiga" stores declined in a fresh browser', async ({ newBrowser }) => {
    const page = await newBrowser();
    await page.goto('/');
    await banner(page).getByRole('button', { name: shell.cookies.necessaryOnly }).click();
    await expect(banner(page)).toBeHidden();
    expect(await storedConsent(page)).toBe('declined');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(banner(page)).toHaveCount(0);
  });

  test('closing the banner counts as declined in a fresh browser', async ({ newBrowser }) => {
    const page = await newBrowser();
    await page.goto('/auth');
    await banner(page).getByRole('button', { name: shell.cookies.close }).click();
    await expect(banner(page)).toBeHidden();
    expect(await storedConsent(page)).toBe('declined');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(banner(page)).toHaveCount(0);
  });
});
