import path from 'node:path';
import type { Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, test } from './fixtures.ts';
import { groupOfTwo, openTab, PHONE, scrollsSideways, smallTargets } from './phone-helpers.ts';

// Screens made for a thumb: at 390 × 844 with touch, every control is a 44 px target, long dialogs are bottom
// sheets with their actions at the bottom edge, and at 320 px nothing scrolls sideways or cuts a name short.
const shots = process.env.E2E_SCREENSHOTS;
const tabs = sv.groups.page.tabs;
const menuOf = (merchant: string) => sv.fill(sv.expenses.list.menu, { merchant });

async function expectThumbSized(page: Page, screen: string, within?: string) {
  expect(await smallTargets(page, within), `controls under 44 × 44 px on ${screen}`).toEqual([]);
}

test('every control on the main screens, menus and sheets is at least 44 × 44 px on a phone', async ({
  newBrowser,
  baseURL,
}) => {
  const anna = await newBrowser(PHONE);
  const bo = await newBrowser(PHONE);
  const { groupId } = await groupOfTwo(anna, bo, baseURL ?? '');

  await bo.goto('/app');
  await expect(bo.getByRole('link', { name: 'Stugan i Sälen' }).first()).toBeVisible();
  await expectThumbSized(bo, 'the group list');
  await bo.goto(`/app/group/${groupId}`);
  await expect(bo.getByTestId('balance-list')).toBeVisible();
  await expectThumbSized(bo, 'the Balans tab');
  for (const [tab, ready] of [
    [tabs.receipts, bo.getByTestId('expense-item').first()],
    [tabs.attachments, bo.getByRole('tabpanel')],
    [tabs.members, bo.getByText('Bo Björnström')],
  ] as const) {
    await openTab(bo, tab);
    await expect(ready).toBeVisible();
    await expectThumbSized(bo, `the ${tab} tab`);
  }

  await openTab(bo, tabs.receipts);
  await bo.getByRole('button', { name: menuOf('Systembolaget') }).tap();
  await expect(bo.getByRole('menu')).toBeVisible();
  await expectThumbSized(bo, 'the expense menu', '[role=menu]');
  await bo.getByRole('menuitem', { name: sv.expenses.list.edit }).tap();
  const edit = bo.getByRole('dialog', { name: sv.expenses.edit.title });
  await expect(edit.getByRole('button', { name: sv.expenses.edit.save })).toBeVisible();
  await expectThumbSized(bo, 'the edit sheet', '[role=dialog]');
  await edit.getByRole('button', { name: sv.expenses.edit.cancel }).tap();

  await bo.getByRole('button', { name: sv.shell.toggleSidebar }).tap();
  const drawer = bo.getByRole('dialog');
  await expect(drawer.getByRole('button', { name: sv.shell.logout })).toBeVisible();
  await expectThumbSized(bo, 'the sidebar drawer', '[role=dialog]');
  await drawer.getByRole('button', { name: sv.fill(sv.groups.sidebar.menu, { group: 'Stugan i Sälen' }) }).tap();
  await expectThumbSized(bo, "a group's menu in the drawer", '[role=menu]');
  await bo.keyboard.press('Escape');
  await bo.keyboard.press('Escape');

  for (const screen of [`/app/group/${groupId}/settings`, '/app/settings', `/app/group/${groupId}/expense/new`]) {
    await bo.goto(screen);
    await expect(bo.getByRole('heading', { level: 1 })).toBeVisible();
    await bo.waitForLoadState('networkidle');
    await expectThumbSized(bo, screen);
  }
  await anna.goto(`/app/group/${groupId}/settings`);
  await anna.getByRole('button', { name: sv.groups.settings.invite }).tap();
  await expect(anna.getByRole('dialog')).toBeVisible();
  await expectThumbSized(anna, 'the invite dialog', '[role=dialog]');
});

test('on a phone the settlement is a bottom sheet led by "Öppna Swish", with a large copy button and the number as 070-123 45 67', async ({
  newBrowser,
  baseURL,
}) => {
  const anna = await newBrowser(PHONE);
  const bo = await newBrowser(PHONE);
  const { groupId } = await groupOfTwo(anna, bo, baseURL ?? '');
  await bo.goto(`/app/group/${groupId}`);
  await expect(bo.getByTestId('balance-list')).toBeVisible();
  if (shots) await bo.screenshot({ path: path.join(shots, 'group-390.png'), fullPage: true });
  await bo.getByRole('button', { name: sv.settlement.showTransfers }).tap();
  const sheet = bo.getByRole('dialog', { name: sv.settlement.dialogTitle });
  const transfer = sheet.getByTestId('transfer');
  await expect(transfer.getByTestId('swish-app-link')).toBeVisible();
  if (shots) await bo.screenshot({ path: path.join(shots, 'settlement-sheet-390.png') });

  // Measured once it has slid up.
  await sheet.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const box = await sheet.boundingBox();
  expect(box && Math.round(box.y + box.height)).toBe(844);
  expect(box?.width).toBe(390);
  // The payer's way to pay comes first; a QR code would need a second phone.
  const order = await transfer.evaluate((card) =>
    [...card.querySelectorAll('[data-testid=swish-app-link], [data-testid=recipient-phone]')].map((e) =>
      e.getAttribute('data-testid'),
    ),
  );
  expect(order).toEqual(['swish-app-link', 'recipient-phone']);
  await expect(sheet.getByTestId('swish-qr')).toHaveCount(0);
  await expect(transfer.getByTestId('recipient-phone')).toHaveText('070-123 45 67');
  const copy = await transfer.getByRole('button', { name: sv.settlement.copyPhone }).boundingBox();
  expect(copy?.height).toBeGreaterThanOrEqual(44);
  expect(copy?.width).toBeGreaterThan(300);

  // The sheet's footer stays on the bottom edge while the transfers scroll under it.
  // The footer's Stäng, not the corner's (which comes after it and scrolls away with the top).
  const close = sheet.getByRole('button', { name: sv.shell.close, exact: true }).first();
  await sheet.evaluate((element) => element.scrollTo(0, element.scrollHeight / 3));
  const footer = await close.boundingBox();
  expect(footer && footer.y + footer.height).toBeGreaterThan(800);
  await close.tap();
  await expect(sheet).toBeHidden();

  // Stored as ten digits, shown the one way everywhere: the payee's own profile says the same.
  await anna.goto('/app/settings');
  await expect(anna.getByLabel(sv.account.profile.phone)).toHaveValue('070-123 45 67');
});

test('on a phone the edit sheet keeps Spara at the bottom edge while its form scrolls', async ({
  newBrowser,
  baseURL,
}) => {
  const anna = await newBrowser(PHONE);
  const bo = await newBrowser(PHONE);
  const { groupId } = await groupOfTwo(anna, bo, baseURL ?? '');
  await bo.goto(`/app/group/${groupId}?tab=receipts`);
  await bo.getByRole('button', { name: menuOf('Systembolaget') }).tap();
  await bo.getByRole('menuitem', { name: sv.expenses.list.edit }).tap();
  const sheet = bo.getByRole('dialog', { name: sv.expenses.edit.title });
  const save = sheet.getByRole('button', { name: sv.expenses.edit.save });
  await expect(save).toBeInViewport();
  if (shots) await bo.screenshot({ path: path.join(shots, 'edit-sheet-390.png') });
  for (const part of [0.3, 0.6, 1]) {
    await sheet.evaluate((element, share) => element.scrollTo(0, element.scrollHeight * share), part);
    const box = await save.boundingBox();
    expect(box && box.y + box.height, `Spara after scrolling ${part * 100} %`).toBeGreaterThan(790);
    await expect(save).toBeInViewport();
  }
  if (shots) await bo.screenshot({ path: path.join(shots, 'edit-sheet-390-scrolled.png') });
  await save.tap();
  await expect(sheet).toBeHidden();
  const toast = bo.getByRole('region', { name: sv.shell.notifications }).getByText(sv.expenses.toasts.updated);
  await expect(toast).toBeVisible();
  // A phone's toasts rise from the bottom, never over the header.
  const box = await toast.boundingBox();
  expect(box && box.y).toBeGreaterThan(844 / 2);
});

test('at 320 px no screen scrolls sideways and names are shown whole', async ({ newBrowser, baseURL }) => {
  const anna = await newBrowser({ viewport: { width: 320, height: 640 }, touch: true });
  const bo = await newBrowser(PHONE);
  const { groupId, annaName, boName } = await groupOfTwo(anna, bo, baseURL ?? '');
  const screens: Array<[string, string]> = [
    ['/app', 'Stugan i Sälen'],
    [`/app/group/${groupId}`, annaName],
    [`/app/group/${groupId}?tab=receipts`, 'ICA Maxi Stormarknad'],
    [`/app/group/${groupId}?tab=members`, boName],
    [`/app/group/${groupId}/settings`, boName],
    ['/app/settings', annaName],
    [`/app/group/${groupId}/expense/new`, annaName],
  ];
  for (const [screen, name] of screens) {
    await anna.goto(screen);
    await expect(anna.getByRole('heading', { level: 1 })).toBeVisible();
    await anna.waitForLoadState('networkidle');
    expect(await scrollsSideways(anna), `${screen} scrolls sideways by`).toBe(0);
    // Whole means not cut with an ellipsis: the element showing the name is as wide as its text.
    const cut = await anna
      .getByRole('main')
      .getByText(name, { exact: false })
      .evaluateAll((found) => found.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
    expect(cut, `${name} cut on ${screen}`).toEqual([]);
  }
  if (shots) await anna.screenshot({ path: path.join(shots, 'group-settings-320.png'), fullPage: true });
});

test('the same toast twice shows once', async ({ newBrowser, baseURL }) => {
  const anna = await newBrowser(PHONE);
  const bo = await newBrowser(PHONE);
  const { groupId } = await groupOfTwo(anna, bo, baseURL ?? '');
  await bo.goto(`/app/group/${groupId}`);
  await bo.getByRole('button', { name: sv.settlement.showTransfers }).tap();
  const copy = bo.getByRole('button', { name: sv.settlement.copyPhone });
  await copy.tap();
  const toasts = bo.getByRole('region', { name: sv.shell.notifications }).getByRole('listitem');
  await expect(toasts).toHaveCount(1);
  await copy.tap();
  await copy.tap();
  await bo.waitForTimeout(500);
  await expect(toasts).toHaveCount(1);
});
