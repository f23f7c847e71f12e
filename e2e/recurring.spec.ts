import * as sv from '../src/shared/i18n/sv.ts';
import { occurrenceDate } from '../src/shared/domain/recurrence.ts';
import { formatDate, todayIso } from '../src/shared/format.ts';
import { expect, expectAccessible, signUpInBrowser, skipCookieBanner, test } from './fixtures.ts';
import { apiGroup, expectSplitStep } from './expenses-helpers.ts';
import { PHONE } from './phone-helpers.ts';

const texts = sv.recurring;
const wizard = sv.expenses.wizard;
const shots = process.env.E2E_SCREENSHOTS;

test('on a phone, rent added in the wizard as monthly shows as repeating in Kvitton until it is ended', async ({
  newBrowser,
  baseURL,
}) => {
  const page = await newBrowser(PHONE);
  await skipCookieBanner(page);
  await signUpInBrowser(page, baseURL ?? '', 'Anna Hyresgäst');
  await page.goto('/app');
  const groupId = await apiGroup(page, 'Lägenheten');

  await page.goto(`/app/group/${groupId}/expense/new`);
  await page.getByLabel(sv.expenses.fields.amount, { exact: true }).pressSequentially('8 500');
  await page.getByLabel(sv.expenses.fields.merchant).pressSequentially('Hyresvärden');
  await page.getByRole('button', { name: wizard.next }).tap();
  await expect(page.getByRole('heading', { name: wizard.stepTitles[1] })).toBeVisible();
  await page.getByRole('button', { name: wizard.next }).tap();
  await expectSplitStep(page);

  await page.getByRole('combobox', { name: texts.repeat }).tap();
  await page.getByRole('option', { name: texts.frequencies.monthly }).tap();
  const next = formatDate(occurrenceDate(todayIso(), 'monthly', 1));
  await expect(page.getByText(sv.fill(texts.firstNext, { date: next }))).toBeVisible();
  await expect(page.getByLabel(texts.endDate)).toBeVisible();
  await expectAccessible(page);
  if (shots) await page.screenshot({ path: `${shots}/recurring-wizard-phone.png`, fullPage: true });
  await page.getByRole('button', { name: wizard.save }).tap();
  await expect(page.getByText(sv.expenses.toasts.created)).toBeVisible();
  // A group with one receipt shows the guide; it is put aside to see the list.
  await page.getByRole('button', { name: sv.onboarding.skip }).tap();

  const list = page.getByRole('region', { name: texts.listTitle });
  const item = list.getByTestId('recurring-item');
  await expect(item).toContainText('Hyresvärden');
  await expect(item).toContainText(`${texts.frequencies.monthly} · ${sv.fill(texts.next, { date: next })}`);
  const expense = page.getByTestId('expense-item').filter({ hasText: 'Hyresvärden' });
  await expect(expense).toContainText(`${texts.repeats.monthly} · ${sv.fill(texts.next, { date: next })}`);
  await expectAccessible(page);
  if (shots) {
    await expect(page.getByText(sv.expenses.toasts.created)).toBeHidden();
    await list.screenshot({ path: `${shots}/recurring-list-phone.png` });
    await expense.screenshot({ path: `${shots}/recurring-expense-phone.png` });
  }

  await item.getByRole('button', { name: texts.change }).tap();
  const dialog = page.getByRole('dialog', { name: texts.changeTitle });
  const amount = dialog.getByLabel(texts.amount);
  await amount.clear();
  await amount.pressSequentially('9 000');
  if (shots) await page.screenshot({ path: `${shots}/recurring-change-phone.png` });
  await dialog.getByRole('button', { name: texts.save }).tap();
  await expect(page.getByText(texts.changed)).toBeVisible();
  await expect(item).toContainText('9\u00a0000\u00a0kr');
  // The rent already added keeps its amount; the change applies from the next time.
  await expect(expense).toContainText('8\u00a0500\u00a0kr');

  await item.getByRole('button', { name: texts.end }).tap();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(sv.fill(texts.endConfirm, { merchant: 'Hyresvärden' }));
  await confirm.getByRole('button', { name: texts.end }).tap();
  await expect(page.getByText(texts.ended)).toBeVisible();
  await expect(list).toHaveCount(0);
  await expect(expense).not.toContainText(texts.repeats.monthly);
  await expect(expense).toBeVisible();
});
