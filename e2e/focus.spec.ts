import type { Locator, Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { apiExpense, membersOf } from './expenses-helpers.ts';
import { expect, test } from './fixtures.ts';
import { groupOfTwo, PHONE } from './phone-helpers.ts';

// Focus goes back to the control that opened a dialog, sheet, drawer or the tour; a new page starts at its heading;
// another member's expense is read out in the polite live region.
const menuOf = (merchant: string) => sv.fill(sv.expenses.list.menu, { merchant });

/** Opens an overlay with `open`, closes it with `close`, and expects focus back on `opener`. */
async function expectFocusBack(opener: Locator, open: () => Promise<void>, close: () => Promise<void>, what: string) {
  await open();
  await close();
  await expect(opener, `focus back on the opener after ${what}`).toBeFocused();
}

const escape = (page: Page) => () => page.keyboard.press('Escape');

test('on a phone, focus returns to the opener when each dialog, sheet and the drawer closes', async ({
  newBrowser,
  baseURL,
}) => {
  const anna = await newBrowser(PHONE);
  const bo = await newBrowser(PHONE);
  const { groupId, boName } = await groupOfTwo(anna, bo, baseURL ?? '');

  await bo.goto(`/app/group/${groupId}`);
  const settle = bo.getByRole('button', { name: sv.settlement.showTransfers });
  const settlement = bo.getByRole('dialog', { name: sv.settlement.dialogTitle });
  await expectFocusBack(
    settle,
    () => settle.tap().then(() => expect(settlement).toBeVisible()),
    escape(bo),
    'the settlement sheet (Escape)',
  );
  await expectFocusBack(
    settle,
    () => settle.tap().then(() => expect(settlement.getByTestId('transfer')).toBeVisible()),
    () => settlement.getByRole('button', { name: sv.shell.close, exact: true }).first().tap(),
    'the settlement sheet (Stäng)',
  );

  await bo.goto(`/app/group/${groupId}?tab=receipts`);
  const menu = bo.getByRole('button', { name: menuOf('Systembolaget') });
  const chooseFromMenu = (item: string, dialog: Locator) => async () => {
    await menu.tap();
    await bo.getByRole('menuitem', { name: item }).tap();
    await expect(dialog).toBeVisible();
  };
  const edit = bo.getByRole('dialog', { name: sv.expenses.edit.title });
  await expectFocusBack(
    menu,
    chooseFromMenu(sv.expenses.list.edit, edit),
    () => edit.getByRole('button', { name: sv.expenses.edit.cancel }).tap(),
    'the edit sheet',
  );
  const remove = bo.getByRole('alertdialog');
  await expectFocusBack(
    menu,
    chooseFromMenu(sv.expenses.list.delete, remove),
    () => remove.getByRole('button', { name: sv.expenses.edit.cancel }).tap(),
    'the delete confirmation',
  );

  const trigger = bo.getByRole('button', { name: sv.shell.toggleSidebar });
  const drawer = bo.getByRole('dialog').filter({ has: bo.getByRole('button', { name: sv.shell.logout }) });
  await expectFocusBack(
    trigger,
    () => trigger.tap().then(() => expect(drawer).toBeVisible()),
    escape(bo),
    'the drawer',
  );
  await trigger.tap();
  const upgrade = drawer.getByRole('button', { name: sv.shell.upgrade });
  const premium = bo.getByRole('dialog', { name: sv.billing.title });
  await expectFocusBack(upgrade, () => upgrade.tap().then(() => expect(premium).toBeVisible()), escape(bo), 'Premium');

  await anna.goto(`/app/group/${groupId}/settings`);
  const removeBo = anna.getByRole('button', { name: sv.fill(sv.groups.settings.removeMember, { name: boName }) });
  const confirm = anna.getByRole('alertdialog');
  await expectFocusBack(
    removeBo,
    () => removeBo.tap().then(() => expect(confirm).toBeVisible()),
    () => confirm.getByRole('button', { name: sv.groups.settings.cancel }).tap(),
    'the remove-member confirmation',
  );
  const invite = anna.getByRole('button', { name: sv.groups.settings.invite });
  await expectFocusBack(
    invite,
    () => invite.tap().then(() => expect(anna.getByRole('dialog')).toBeVisible()),
    escape(anna),
    'the invite dialog',
  );
});

test("on a computer, a group menu's dialogs give focus back to the menu button", async ({
  page,
  newBrowser,
  baseURL,
}) => {
  const bo = await newBrowser(PHONE);
  await groupOfTwo(page, bo, baseURL ?? '');
  await page.goto('/app');
  const nav = page.getByRole('navigation', { name: sv.shell.nav.label });
  const menu = nav.getByRole('button', { name: sv.fill(sv.groups.sidebar.menu, { group: 'Stugan i Sälen' }) });
  for (const item of [sv.groups.sidebar.rename, sv.groups.sidebar.delete]) {
    await expectFocusBack(
      menu,
      async () => {
        await menu.click();
        await page.getByRole('menuitem', { name: item }).click();
        await expect(page.getByRole('dialog').or(page.getByRole('alertdialog'))).toBeVisible();
      },
      escape(page),
      `"${item}"`,
    );
  }
});

test('the tour keeps Tab inside its card, and closing it gives focus back to "Visa guiden igen"', async ({
  page,
  newBrowser,
  baseURL,
}) => {
  const bo = await newBrowser(PHONE);
  const { groupId } = await groupOfTwo(page, bo, baseURL ?? '');
  await page.goto(`/app/group/${groupId}`);
  const again = page.getByRole('button', { name: sv.onboarding.showAgain });
  await again.click();
  const tour = page.getByRole('dialog', { name: sv.onboarding.steps.invite.title });
  await expect(tour).toHaveAttribute('aria-modal', 'true');
  await expect(tour.getByRole('button', { name: sv.onboarding.next })).toBeFocused();
  for (let press = 0; press < 12; press += 1) {
    await page.keyboard.press(press % 4 === 3 ? 'Shift+Tab' : 'Tab');
    expect(await tour.evaluate((card) => card.contains(document.activeElement)), `Tab press ${press + 1}`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(tour).toBeHidden();
  await expect(again).toBeFocused();
});

test("after a page change focus is on the new page's heading", async ({ page, newBrowser, baseURL }) => {
  const bo = await newBrowser(PHONE);
  const { groupId } = await groupOfTwo(page, bo, baseURL ?? '');
  await page.goto('/app');
  // The group's card, not its line under "Gör först" above the cards.
  await page.getByRole('main').getByRole('link', { name: 'Stugan i Sälen' }).last().click();
  await expect(page).toHaveURL(new RegExp(`/app/group/${groupId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Stugan i Sälen' })).toBeFocused();
  await page.getByRole('link', { name: sv.groups.page.settings }).click();
  await expect(page.getByRole('heading', { level: 1, name: sv.groups.settings.title })).toBeFocused();
  // Tab continues in the new page, not from a link that has gone.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.getElementById('main')?.contains(document.activeElement))).toBe(true);
});

test("another member's new expense is read out in the polite live region", async ({ newBrowser, baseURL }) => {
  const anna = await newBrowser();
  const bo = await newBrowser(PHONE);
  const { groupId } = await groupOfTwo(anna, bo, baseURL ?? '');
  // Changes reach a page through its event stream: Anna adds her expense once Bo's stream has said it is ready.
  await bo.addInitScript(() => {
    const Native = window.EventSource;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('ready', () => document.documentElement.setAttribute('data-stream-ready', ''));
      }
    };
  });
  await bo.goto(`/app/group/${groupId}?tab=receipts`);
  await expect(bo.locator('html[data-stream-ready]')).toHaveCount(1);
  const region = bo.getByTestId('live-region');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toHaveText('');
  const ids = (await membersOf(anna, groupId)).map((member) => member.id);
  await apiExpense(anna, groupId, { merchant: 'Coop Konsum', totalOre: 4_500, memberIds: ids });
  await expect(region).toHaveText(sv.fill(sv.groups.live.expenseAdded, { group: 'Stugan i Sälen' }));
  await expect(bo.getByText('Coop Konsum')).toBeVisible();
});
