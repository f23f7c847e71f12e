import type { Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, test } from './fixtures.ts';
import { apiGroup } from './expenses-helpers.ts';
import { signUp } from './groups-helpers.ts';

const fields = sv.expenses.fields;

/** Types into a field key by key, as a person does, replacing what was there. */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.clear();
  await field.pressSequentially(text);
  await expect(field).toHaveValue(text);
}

/** In the wizard's first step: an amount past the limit, then an EUR amount whose conversion passes it. */
async function checkLimits(page: Page, screenshot: string): Promise<void> {
  await signUp(page, 'Anna Storhandlare');
  const groupId = await apiGroup(page, 'Stora köpet');
  await page.goto(`/app/group/${groupId}/expense/new`);

  await typeInto(page, fields.amount, '1000001');
  await typeInto(page, fields.merchant, 'Bilhandlaren');
  await page.getByRole('button', { name: sv.expenses.wizard.next }).click();
  await expect(page.getByText(sv.validation.amountTooLarge)).toBeVisible();

  // As a person would: once the list has closed and given focus back to Valuta, and the day's rate has been asked
  // for and filled in, so neither lands in the middle of typing.
  const quoted = page.waitForResponse((response) => response.url().includes('/api/exchange-rates'));
  await page.getByLabel(fields.currency).click();
  await page.getByRole('option', { name: 'EUR' }).click();
  await expect(page.getByLabel(fields.currency)).toBeFocused();
  await quoted;
  await page.waitForLoadState('networkidle');
  await typeInto(page, fields.rate, '11,5');
  await typeInto(page, fields.amount, '100000');
  await page.getByRole('button', { name: sv.expenses.wizard.next }).click();
  await expect(page.getByText(sv.validation.convertedOutOfRange)).toBeVisible();
  await expect(page.getByText(sv.fill(sv.expenses.wizard.step, { step: 1, total: 3 }))).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshot });

  // Within the limit the wizard moves on.
  await typeInto(page, fields.amount, '80000');
  await page.getByRole('button', { name: sv.expenses.wizard.next }).click();
  await expect(page.getByText(sv.fill(sv.expenses.wizard.step, { step: 2, total: 3 }))).toBeVisible();
}

test.describe('amounts at the limits', () => {
  test('says under Belopp that an amount is too large, also once converted to the group currency', async ({
    page,
  }, testInfo) => {
    await checkLimits(page, testInfo.outputPath('limits-desktop.png'));
  });

  test('says the same on a phone', async ({ newBrowser }, testInfo) => {
    const phone = await newBrowser({ viewport: { width: 390, height: 844 } });
    await checkLimits(phone, testInfo.outputPath('limits-phone.png'));
  });
});
