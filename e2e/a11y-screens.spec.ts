import type { Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { groupOfTwo, PHONE } from './phone-helpers.ts';

// axe (serious and critical) on the main screens and their open dialogs and menus, at 390 px with touch and at
// 1280 px, in light and in dark; and headings that never skip a level.
test.describe.configure({ timeout: 240_000 });
const menuOf = (merchant: string) => sv.fill(sv.expenses.list.menu, { merchant });

/** Heading levels on the page in order, from the first h1: each may go at most one level deeper than the last. */
async function skippedHeadings(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skipped: string[] = [];
    let last = 0;
    for (const heading of document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')) {
      const level = Number(heading.tagName[1]);
      if (last > 0 && level > last + 1) skipped.push(`h${level} "${heading.textContent?.trim()}" after h${last}`);
      last = level;
    }
    return skipped;
  });
}

async function checkScreens(page: Page, groupId: string, phone: boolean) {
  const tap = (locator: ReturnType<Page['getByRole']>) => (phone ? locator.tap() : locator.click());
  const screens: Array<[string, () => Promise<unknown>]> = [
    ['/app', () => expect(page.getByRole('main').getByRole('link', { name: 'Stugan i Sälen' }).first()).toBeVisible()],
    [`/app/group/${groupId}`, () => expect(page.getByTestId('balance-list')).toBeVisible()],
    [`/app/group/${groupId}?tab=receipts`, () => expect(page.getByTestId('expense-item').first()).toBeVisible()],
    [`/app/group/${groupId}?tab=members`, () => expect(page.getByText('Anna Andersson-Björklund')).toBeVisible()],
    [`/app/group/${groupId}/settings`, () => expect(page.getByText(sv.groups.settings.title)).toBeVisible()],
    ['/app/settings', () => expect(page.getByLabel(sv.account.profile.phone)).toBeVisible()],
    [`/app/group/${groupId}/expense/new`, () => expect(page.getByLabel(sv.expenses.fields.merchant)).toBeVisible()],
  ];
  for (const [screen, ready] of screens) {
    await page.goto(screen);
    await ready();
    await expectAccessible(page);
    expect(await skippedHeadings(page), `headings on ${screen}`).toEqual([]);
  }

  await page.goto(`/app/group/${groupId}?tab=receipts`);
  await tap(page.getByRole('button', { name: menuOf('Systembolaget') }));
  await expect(page.getByRole('menu')).toBeVisible();
  // Nothing focusable may hide from screen readers while a menu is open (axe's aria-hidden-focus).
  await expectAccessible(page);
  await tap(page.getByRole('menuitem', { name: sv.expenses.list.edit }));
  await expect(page.getByRole('dialog').getByRole('button', { name: sv.expenses.edit.save })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await tap(page.getByRole('button', { name: menuOf('Systembolaget') }));
  await tap(page.getByRole('menuitem', { name: sv.expenses.list.delete }));
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await tap(page.getByRole('combobox'));
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await page.goto(`/app/group/${groupId}`);
  await tap(page.getByRole('button', { name: sv.settlement.showTransfers }));
  await expect(page.getByRole('dialog').getByTestId('transfer')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  if (phone) {
    await tap(page.getByRole('button', { name: sv.shell.toggleSidebar }));
    await expect(page.getByRole('dialog').getByRole('button', { name: sv.shell.logout })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
  }
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the main screens, menus and dialogs pass axe on a 390 px phone in ${scheme}`, async ({
    newBrowser,
    baseURL,
  }) => {
    const anna = await newBrowser();
    const bo = await newBrowser(PHONE);
    const { groupId } = await groupOfTwo(anna, bo, baseURL ?? '');
    await bo.emulateMedia({ colorScheme: scheme });
    await checkScreens(bo, groupId, true);
  });

  test(`the main screens, menus and dialogs pass axe at 1280 px in ${scheme}`, async ({ newBrowser, baseURL }) => {
    const anna = await newBrowser();
    const bo = await newBrowser();
    const { groupId } = await groupOfTwo(anna, bo, baseURL ?? '');
    await bo.emulateMedia({ colorScheme: scheme });
    await checkScreens(bo, groupId, false);
  });
}

test('the 404 page says "404" once, on screen and to screen readers', async ({ page }) => {
  await page.goto('/finns-inte');
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `${sv.shell.notFound.code} ${sv.shell.notFound.title}`,
  );
  expect((await main.innerText()).match(/404/g)).toHaveLength(1);
  expect((await main.ariaSnapshot()).match(/404/g)).toHaveLength(1);
});
