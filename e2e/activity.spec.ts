import * as sv from '../src/shared/i18n/sv.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { groupOfTwo, openTab, PHONE } from './phone-helpers.ts';

const texts = sv.activity;
const list = sv.expenses.list;
const shots = process.env.E2E_SCREENSHOTS;

test('on a phone, Händelser tells who did what, and a deletion shows at once on another open page', async ({
  newBrowser,
  baseURL,
}) => {
  const anna = await newBrowser();
  const bo = await newBrowser(PHONE);
  const { groupId, annaName, boName } = await groupOfTwo(anna, bo, baseURL ?? '');

  await anna.goto(`/app/group/${groupId}?tab=activity`);
  const annaEvents = anna.getByTestId('event');
  await expect(annaEvents.first()).toContainText(
    sv.fill(texts.expenseAdded, { actor: boName, merchant: 'Systembolaget', amount: '100\u00a0kr' }),
  );

  await bo.goto(`/app/group/${groupId}`);
  await openTab(bo, texts.tab);
  const events = bo.getByTestId('event');
  await expect(events).toHaveCount(3);
  await expect(events.nth(1)).toContainText(
    sv.fill(texts.expenseAdded, { actor: annaName, merchant: 'ICA Maxi Stormarknad', amount: '300\u00a0kr' }),
  );
  await expect(events.nth(2)).toContainText(sv.fill(texts.memberJoined, { actor: boName }));
  await expectAccessible(bo);
  if (shots) await bo.screenshot({ path: `${shots}/activity-phone.png`, fullPage: true });

  await openTab(bo, sv.groups.page.tabs.receipts);
  await bo.getByRole('button', { name: sv.fill(list.menu, { merchant: 'Systembolaget' }) }).tap();
  await bo.getByRole('menuitem', { name: list.delete }).tap();
  await bo.getByRole('alertdialog').getByRole('button', { name: sv.expenses.remove.action }).tap();
  await expect(bo.getByText(sv.expenses.toasts.deleted)).toBeVisible();

  const deleted = sv.fill(texts.expenseDeleted, { actor: boName, merchant: 'Systembolaget', amount: '100\u00a0kr' });
  await expect(annaEvents.first()).toContainText(deleted);
  await openTab(bo, texts.tab);
  await expect(events.first()).toContainText(deleted);
});
