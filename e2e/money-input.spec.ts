import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, test } from './fixtures.ts';
import { apiGroup, expectSplitStep, joinAs } from './expenses-helpers.ts';
import { signUp } from './groups-helpers.ts';
import { expenseDetail, expensesOf, typeInto } from './money-helpers.ts';

// A Swede's Chromium set to English: a type=number field would read "1234,50" as 123450 here (decision 034).
test.use({ browserLanguage: 'en-US' });

const texts = sv.expenses;
const wizard = texts.wizard;
const shots = process.env.E2E_SCREENSHOTS;
const NBSP = '\u00a0';

/** What people type or paste for an amount, and the öre it must be saved as. */
const FORMATS: ReadonlyArray<readonly [string, number]> = [
  ['1234,50', 123_450],
  ['1 234,50', 123_450],
  ['1234.50', 123_450],
  ['1234,5', 123_450],
  ['1 234,50 kr', 123_450],
  ['1234', 123_400],
  [`1${NBSP}234,50`, 123_450],
  ['1\u202f234,50 SEK', 123_450],
  ['377,70', 37_770],
];

const amountField = (scope: Page | Locator) => scope.getByLabel(texts.fields.amount, { exact: true });

/** Step 1 typed key by key, then on through steps 2 and 3 with the defaults, and saved. */
async function saveInWizard(page: Page, groupId: string, amount: string, merchant: string, touch = false) {
  const press = (locator: Locator) => (touch ? locator.tap() : locator.click());
  await page.goto(`/app/group/${groupId}/expense/new`);
  await typeInto(amountField(page), amount);
  await typeInto(page.getByLabel(texts.fields.merchant), merchant);
  await press(page.getByRole('button', { name: wizard.next }));
  await expect(page.getByRole('heading', { name: wizard.stepTitles[1] })).toBeVisible();
  await press(page.getByRole('button', { name: wizard.next }));
  await expectSplitStep(page);
  await press(page.getByRole('button', { name: wizard.save }));
  await expect(page.getByTestId('expense-item').filter({ hasText: merchant })).toBeVisible();
}

/** Types a format that cannot be read for certain and checks its message, on "Nästa". */
async function expectRefused(page: Page, typed: string, message: string) {
  await typeInto(amountField(page), typed);
  await page.getByRole('button', { name: wizard.next }).click();
  await expect(page.getByText(message)).toBeVisible();
  await expect(amountField(page)).toHaveValue(typed);
  await expect(page.getByRole('heading', { name: wizard.stepTitles[0] })).toBeVisible();
}

test.describe('amounts typed the Swedish way in an English browser', () => {
  test('the wizard saves every way of writing 1 234,50 as the same öre and refuses what it cannot read', async ({
    page,
  }) => {
    await signUp(page, 'Sara Svensson');
    const groupId = await apiGroup(page, 'Hemma');
    await page.goto(`/app/group/${groupId}/expense/new`);
    await expectRefused(page, '1.234,5.0', sv.validation.numberUnreadable);
    await expectRefused(page, '12,345,6', sv.validation.numberUnreadable);
    await expectRefused(page, '1,234', sv.validation.numberAmbiguous);
    if (shots) await page.screenshot({ path: path.join(shots, 'money-refused-1280.png') });
    await expectRefused(page, '12 €', sv.validation.amountCurrencyMismatch);
    await typeInto(amountField(page), '1234,5');
    await typeInto(page.getByLabel(texts.fields.merchant), 'Läses svenskt');
    // Leaving the field writes back what was read, the sv-SE way.
    await expect(amountField(page)).toHaveValue(`1${NBSP}234,50`);

    for (const [i, [typed]] of FORMATS.entries()) await saveInWizard(page, groupId, typed, `Format ${i}`);
    const saved = new Map((await expensesOf(page, groupId)).map((r) => [r.merchant, r.totalOre]));
    expect(FORMATS.map((_, i) => saved.get(`Format ${i}`))).toEqual(FORMATS.map(([, ore]) => ore));
  });

  test('on a 390 px touch phone the wizard reads the same formats and shows why it refuses one', async ({
    newBrowser,
  }) => {
    const phone = await newBrowser({ viewport: { width: 390, height: 844 }, touch: true });
    await signUp(phone, 'Mobil Svensson');
    const groupId = await apiGroup(phone, 'Resan');
    await phone.goto(`/app/group/${groupId}/expense/new`);
    await expect(amountField(phone)).toHaveAttribute('inputmode', 'decimal');
    await expectRefused(phone, '1.234', sv.validation.numberAmbiguous);
    if (shots) await phone.screenshot({ path: path.join(shots, 'money-refused-390.png') });
    const chosen = [FORMATS[0], FORMATS[4], FORMATS[8]] as const;
    for (const [i, format] of chosen.entries())
      await saveInWizard(phone, groupId, format?.[0] ?? '', `Mobil ${i}`, true);
    const saved = new Map((await expensesOf(phone, groupId)).map((r) => [r.merchant, r.totalOre]));
    expect(chosen.map((_, i) => saved.get(`Mobil ${i}`))).toEqual(chosen.map((format) => format?.[1]));
  });

  test('the edit dialog shows the saved amount the sv-SE way and saves each format typed into it', async ({ page }) => {
    await signUp(page, 'Erik Ändrar');
    const groupId = await apiGroup(page, 'Stugan');
    await saveInWizard(page, groupId, '100', 'Redigeras');
    const [expense] = await expensesOf(page, groupId);
    let shown = '100';
    for (const [typed, ore] of FORMATS) {
      await page.getByRole('button', { name: sv.fill(texts.list.menu, { merchant: 'Redigeras' }) }).click();
      await page.getByRole('menuitem', { name: texts.list.edit }).click();
      const dialog = page.getByRole('dialog', { name: texts.edit.title });
      await expect(amountField(dialog)).toHaveValue(shown);
      await typeInto(amountField(dialog), typed);
      await dialog.getByRole('button', { name: texts.edit.save }).click();
      await expect(dialog).toBeHidden();
      expect((await expenseDetail(page, expense?.id ?? '')).totalOre, typed).toBe(ore);
      shown = ore === 123_400 ? `1${NBSP}234` : ore === 37_770 ? '377,70' : `1${NBSP}234,50`;
    }
    await page.getByRole('button', { name: sv.fill(texts.list.menu, { merchant: 'Redigeras' }) }).click();
    await page.getByRole('menuitem', { name: texts.list.edit }).click();
    const dialog = page.getByRole('dialog', { name: texts.edit.title });
    await typeInto(amountField(dialog), '1.234');
    await dialog.getByRole('button', { name: texts.edit.save }).click();
    await expect(dialog.getByText(sv.validation.numberAmbiguous)).toBeVisible();
    if (shots) await page.screenshot({ path: path.join(shots, 'money-edit-refused-1280.png') });
  });
});

test.describe('split entries typed the Swedish way in an English browser', () => {
  const entryField = (scope: Page | Locator, method: keyof typeof texts.splitMethods) =>
    scope.getByRole('textbox', { name: new RegExp(`: ${texts.splitMethods[method]}$`) });

  test('weights, exact amounts and percentages are saved as typed, and an ambiguous entry says why', async ({
    page,
    newBrowser,
  }) => {
    await signUp(page, 'Anna Delar');
    const groupId = await apiGroup(page, 'Kollektivet');
    await joinAs(await newBrowser(), 'Bo Delar', page, groupId);
    const cases = [
      ['absolute', ['1 234,50', '1234.50 kr'], [123_450, 123_450]],
      ['percent', ['33,33 %', '66.67'], [3333, 6667]],
      ['weight', ['1,5', '0.5'], [150, 50]],
    ] as const;
    for (const [method, entries] of cases) {
      await page.goto(`/app/group/${groupId}/expense/new`);
      await typeInto(amountField(page), '2 469');
      await typeInto(page.getByLabel(texts.fields.merchant), `Delat ${method}`);
      await page.getByRole('button', { name: wizard.next }).click();
      await page.getByRole('button', { name: wizard.next }).click();
      await page.getByText(texts.splitMethods[method], { exact: true }).click();
      if (method === 'absolute') {
        await typeInto(entryField(page, method).first(), '1.234');
        await expect(page.getByText(sv.validation.numberAmbiguous)).toBeVisible();
        await expect(entryField(page, method).first()).toHaveAttribute('aria-invalid', 'true');
        if (shots) await page.screenshot({ path: path.join(shots, 'money-split-refused-1280.png'), fullPage: true });
      }
      for (const [i, entry] of entries.entries()) await typeInto(entryField(page, method).nth(i), entry);
      await page.getByRole('button', { name: wizard.save }).click();
      await expect(page.getByTestId('expense-item').filter({ hasText: `Delat ${method}` })).toBeVisible();
    }
    const expenses = await expensesOf(page, groupId);
    for (const [method, , stored] of cases) {
      const expense = expenses.find((r) => r.merchant === `Delat ${method}`);
      const detail = await expenseDetail(page, expense?.id ?? '');
      const byName = new Map(detail.shares.map((share) => [share.name, share.shareInput]));
      expect([byName.get('Anna Delar'), byName.get('Bo Delar')], method).toEqual([...stored]);
      expect(detail.totalOre).toBe(246_900);
    }
    // Put back in the edit dialog the sv-SE way.
    await page.getByRole('button', { name: sv.fill(texts.list.menu, { merchant: 'Delat absolute' }) }).click();
    await page.getByRole('menuitem', { name: texts.list.edit }).click();
    const dialog = page.getByRole('dialog', { name: texts.edit.title });
    await expect(amountField(dialog)).toHaveValue(`2${NBSP}469`);
    await expect(entryField(dialog, 'absolute').nth(1)).toHaveValue(`1${NBSP}234,50`);
  });
});
