import type { Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { apiGroup, fillStepOne, joinAs } from './expenses-helpers.ts';
import { signUp } from './groups-helpers.ts';

const texts = sv.expenses;
const wizard = texts.wizard;

/** Step 3 with a method and, per person in member order, what to type; answers the preview's share texts. */
async function splitAs(page: Page, method: keyof typeof texts.splitMethods, entries: string[] = []): Promise<string[]> {
  await page.getByText(texts.splitMethods[method], { exact: true }).click();
  for (const [i, entry] of entries.entries()) {
    await page
      .getByRole('textbox', { name: new RegExp(`: ${texts.splitMethods[method]}$`) })
      .nth(i)
      .fill(entry);
  }
  return page.getByTestId('share-amount').allInnerTexts();
}

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

test.describe('the add-expense wizard', () => {
  test('checks each step before the next, previews all four split methods and refuses a split that does not match', async ({
    page,
    newBrowser,
  }) => {
    await signUp(page, 'Anna Betalare');
    const groupId = await apiGroup(page, 'Stugan');
    await joinAs(await newBrowser(), 'Bo Deltagare', page, groupId);

    await page.goto(`/app/group/${groupId}`);
    await page.getByRole('link', { name: sv.groups.page.addExpense }).first().click();
    await expect(page.getByText(sv.fill(wizard.step, { step: 1, total: 3 }))).toBeVisible();
    await expect(page.getByRole('link', { name: wizard.cancel })).toHaveAttribute('href', `/app/group/${groupId}`);
    await expectAccessible(page);
    await page.getByRole('button', { name: wizard.next }).click();
    await expect(page.getByText(sv.validation.amountInvalid)).toBeVisible();
    await expect(page.getByLabel(texts.fields.amount, { exact: true })).toBeFocused();
    await fillStepOne(page, '100', 'ICA Nära');

    await expect(page.getByText(sv.fill(wizard.step, { step: 2, total: 3 }))).toBeVisible();
    await page.getByRole('button', { name: wizard.none }).click();
    await page.getByRole('button', { name: wizard.next }).click();
    await expect(page.getByText(sv.validation.participantsRequired)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: wizard.all }).click();
    await page.getByRole('button', { name: wizard.next }).click();

    await expect(page.getByText(sv.fill(wizard.step, { step: 3, total: 3 }))).toBeVisible();
    expect((await splitAs(page, 'equal')).map(nbsp)).toEqual(['50 kr', '50 kr']);
    expect((await splitAs(page, 'weight', ['3', '1'])).map(nbsp)).toEqual(['75 kr', '25 kr']);
    expect((await splitAs(page, 'absolute', ['30', '70'])).map(nbsp)).toEqual(['30 kr', '70 kr']);
    expect((await splitAs(page, 'percent', ['50', '40'])).map(nbsp)).toEqual(['50 kr', '40 kr']);
    await expect(page.getByTestId('split-total')).toHaveClass(/text-destructive/);
    await expect(
      page.getByText(sv.fill(wizard.mismatchHint, { total: '100 kr', sum: '90 kr' }).replace(/ kr/g, '\u00a0kr')),
    ).toBeVisible();
    await page.getByRole('button', { name: wizard.save }).click();
    await expect(page.getByRole('alert').filter({ hasText: sv.validation.splitMismatch })).toBeVisible();
    await expectAccessible(page);
    expect((await splitAs(page, 'percent', ['25', '75'])).map(nbsp)).toEqual(['25 kr', '75 kr']);
    await expect(page.getByTestId('split-total')).not.toHaveClass(/text-destructive/);
    await page.getByRole('button', { name: wizard.save }).click();
    await expect(page.getByText(texts.toasts.created)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/app/group/${groupId}\\?tab=receipts`));
    const item = page.getByTestId('expense-item').filter({ hasText: 'ICA Nära' });
    await expect(item).toContainText('100\u00a0kr');
    await expect(item).toContainText('2 deltagare');
  });

  test('saves expenses split equally, by weight and by exact amounts as they were previewed', async ({
    page,
    newBrowser,
  }) => {
    await signUp(page, 'Gun Sparare');
    const groupId = await apiGroup(page, 'Villan');
    await joinAs(await newBrowser(), 'Hans Granne', page, groupId);
    for (const [method, entries, merchant] of [
      ['equal', [], 'Lika AB'],
      ['weight', ['3', '1'], 'Andel AB'],
      ['absolute', ['30', '70'], 'Exakt AB'],
    ] as const) {
      await page.goto(`/app/group/${groupId}/expense/new`);
      await fillStepOne(page, '100', merchant);
      await page.getByRole('button', { name: wizard.next }).click();
      await splitAs(page, method, [...entries]);
      await page.getByRole('button', { name: wizard.save }).click();
      await expect(page.getByTestId('expense-item').filter({ hasText: merchant })).toBeVisible();
    }
    await expectAccessible(page);
    // What was typed comes back in the edit dialog, with the shares the server saved.
    await page.getByRole('button', { name: sv.fill(texts.list.menu, { merchant: 'Andel AB' }) }).click();
    await page.getByRole('menuitem', { name: texts.list.edit }).click();
    const dialog = page.getByRole('dialog', { name: texts.edit.title });
    await expect(dialog.getByRole('radio', { name: texts.splitMethods.weight })).toBeChecked();
    await expect(dialog.getByRole('textbox', { name: /: Andelar$/ }).first()).toHaveValue('3');
    expect((await dialog.getByTestId('share-amount').allInnerTexts()).map(nbsp)).toEqual(['75 kr', '25 kr']);
  });

  test('keeps what was typed when going back, and Avbryt returns to the group', async ({ page }) => {
    await signUp(page, 'Cilla Ångrar');
    const groupId = await apiGroup(page, 'Ensam');
    await page.goto(`/app/group/${groupId}/expense/new`);
    await fillStepOne(page, '12.50', 'Pressbyrån');
    await page.getByRole('button', { name: wizard.back }).click();
    await expect(page.getByLabel(texts.fields.merchant)).toHaveValue('Pressbyrån');
    // Read and written back the Swedish way once the field was left.
    await expect(page.getByLabel(texts.fields.amount, { exact: true })).toHaveValue('12,50');
    await page.getByRole('link', { name: wizard.cancel }).click();
    await expect(page).toHaveURL(new RegExp(`/app/group/${groupId}$`));
  });

  test('a step whose code has arrived opens with its fields, without a placeholder in between', async ({ page }) => {
    await signUp(page, 'Doris Direkt');
    const groupId = await apiGroup(page, 'Direkt');
    // Steps 2 and 3 are fetched as step 1 shows.
    const arrived = ['assist-suggest', 'wizard-split-step'].map((chunk) =>
      page.waitForResponse((response) => new URL(response.url()).pathname.startsWith(`/assets/${chunk}-`)),
    );
    await page.goto(`/app/group/${groupId}/expense/new`);
    await Promise.all(arrived);
    await page.getByLabel(texts.fields.amount, { exact: true }).pressSequentially('85,50');
    await page.getByLabel(texts.fields.merchant).pressSequentially('Espresso House');
    // Counts every placeholder the form shows from here on.
    await page.evaluate(() => {
      const seen = window as unknown as { placeholders: number };
      seen.placeholders = 0;
      new MutationObserver(() => {
        if (document.querySelector('form .ui-skeleton')) seen.placeholders += 1;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: wizard.next }).click();
    await expect(page.getByRole('button', { name: sv.assist.suggest.button })).toBeVisible();
    await page.getByRole('button', { name: wizard.next }).click();
    await expect(page.getByRole('radiogroup', { name: wizard.methodLegend })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { placeholders: number }).placeholders)).toBe(0);
  });

  test('a step that passes opens within the tap, before any other task runs', async ({ page }) => {
    await signUp(page, 'Tora Takt');
    const groupId = await apiGroup(page, 'Takt');
    await page.goto(`/app/group/${groupId}/expense/new`);
    await page.getByLabel(texts.fields.amount, { exact: true }).pressSequentially('42,50');
    await page.getByLabel(texts.fields.merchant).pressSequentially('Pressbyrån');
    await expect(page.getByRole('button', { name: wizard.next })).toBeEnabled();
    // The heading once the tap's own work is done (its event and the microtasks it queued), before any other task:
    // a step that waited for a promise chain or a scheduled render would not be there yet.
    const titleAfterTap = (next: string) =>
      page.evaluate(async (next) => {
        const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === next);
        button?.click();
        await Promise.resolve();
        await Promise.resolve();
        return document.querySelector('main h2')?.textContent ?? '';
      }, next);
    expect(await titleAfterTap(wizard.next)).toBe(wizard.stepTitles[1]);
    // A step that does not pass stays, with its error shown and focused, as before.
    await page.getByRole('button', { name: wizard.back }).click();
    const amount = page.getByLabel(texts.fields.amount, { exact: true });
    await amount.clear();
    await page.getByRole('button', { name: wizard.next }).click();
    await expect(amount).toBeFocused();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('heading', { name: wizard.stepTitles[0] })).toBeVisible();
  });

  test('/app/add-expense leads to creating a group first, then into the wizard of the only group', async ({ page }) => {
    await signUp(page, 'Dan Ny');
    await page.getByRole('link', { name: sv.shell.quick.addExpense }).click();
    await expect(page.getByRole('heading', { name: texts.addExpensePage.noGroupsTitle })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('main').getByRole('link', { name: texts.addExpensePage.createGroup }).click();
    await expect(page).toHaveURL(/\/app\/create-group$/);
    const groupId = await apiGroup(page, 'Första gruppen');
    await page.goto('/app/add-expense');
    await expect(page).toHaveURL(new RegExp(`/app/group/${groupId}/expense/new$`));
    await apiGroup(page, 'Andra gruppen');
    await page.goto('/app/add-expense');
    await page
      .getByRole('main')
      .getByRole('link', { name: /Andra gruppen/ })
      .click();
    await expect(page.getByText(sv.fill(wizard.step, { step: 1, total: 3 }))).toBeVisible();
  });
});
