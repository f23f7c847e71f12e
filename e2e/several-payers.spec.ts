import path from 'node:path';
import type { Page } from '@playwright/test';
import { formatMoney } from '../src/shared/format.ts';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, test } from './fixtures.ts';
import { apiGroup, joinAs } from './expenses-helpers.ts';
import { signUp } from './groups-helpers.ts';
import { expenseDetail, expensesOf, typeInto } from './money-helpers.ts';
import { openTab, PHONE, scrollsSideways, smallTargets } from './phone-helpers.ts';

// An expense paid by two people (decision 057), typed key by key on a phone, then seen in the balances.

const texts = sv.expenses;
const wizard = texts.wizard;
const shots = process.env.E2E_SCREENSHOTS;

async function balancesShown(page: Page): Promise<Record<string, string>> {
  const shown: Record<string, string> = {};
  for (const row of await page.getByTestId('balance-row').all())
    shown[await row.getByTestId('balance-name').innerText()] = await row.getByTestId('balance-amount').innerText();
  return shown;
}

test('on a 390 px phone, Anna types in a dinner she and Bo paid, and the balances credit each with their part', async ({
  newBrowser,
}) => {
  const anna = await newBrowser(PHONE);
  await signUp(anna, 'Anna');
  const groupId = await apiGroup(anna, 'Middagsklubben');
  await joinAs(await newBrowser(), 'Bo', anna, groupId);
  await joinAs(await newBrowser(), 'Cilla', anna, groupId);

  await anna.goto(`/app/group/${groupId}/expense/new`);
  await typeInto(anna.getByLabel(texts.fields.amount, { exact: true }), '500');
  await typeInto(anna.getByLabel(texts.fields.merchant), 'Pelikan');
  await anna.getByRole('button', { name: texts.payers.several }).tap();
  const remainder = anna.getByTestId('payers-remainder');
  const left = (ore: number) => sv.fill(texts.payers.remaining, { amount: formatMoney(ore, 'SEK') });
  await expect(remainder).toHaveText(left(50_000));
  const annaField = anna.getByLabel(sv.fill(texts.payers.amountLabel, { name: sv.fill(texts.you, { name: 'Anna' }) }));
  const boField = anna.getByLabel(sv.fill(texts.payers.amountLabel, { name: 'Bo' }));
  await typeInto(annaField, '300');
  await expect(remainder).toHaveText(left(20_000));
  await typeInto(boField, '250');
  await expect(remainder).toHaveText(sv.fill(texts.payers.over, { amount: formatMoney(5_000, 'SEK') }));

  // Too much assigned: "Nästa" stays on step 1 and says why.
  await anna.getByRole('button', { name: wizard.next }).tap();
  await expect(anna.getByText(sv.validation.payersMismatch)).toBeVisible();
  await expect(anna.getByRole('heading', { name: wizard.stepTitles[0] })).toBeVisible();

  await typeInto(boField, '200');
  await expect(remainder).toHaveText(texts.payers.done);
  await expect(anna.getByText(sv.validation.payersMismatch)).toHaveCount(0);
  const payersBox = anna.getByRole('group', { name: texts.payers.legend });
  expect(await smallTargets(anna, 'main')).toEqual([]);
  expect(await scrollsSideways(anna)).toBeLessThanOrEqual(0);
  if (shots) {
    await payersBox.scrollIntoViewIfNeeded();
    await anna.screenshot({ path: path.join(shots, 'several-payers-wizard-390.png') });
  }

  await anna.getByRole('button', { name: wizard.next }).tap();
  await expect(anna.getByRole('heading', { name: wizard.stepTitles[1] })).toBeVisible();
  await anna.getByRole('button', { name: wizard.next }).tap();
  await expect(anna.getByRole('heading', { name: wizard.stepTitles[2] })).toBeVisible();
  await anna.getByRole('button', { name: wizard.save }).tap();
  const item = anna.getByTestId('expense-item').filter({ hasText: 'Pelikan' });
  await expect(item).toContainText(sv.fill(texts.list.paidBy, { name: 'Anna och Bo' }));
  // The group's first expense: the first-use tour opens, and Anna skips it.
  await anna.getByRole('button', { name: sv.onboarding.skip }).tap();

  // The balances are what each paid minus their share, as the server saved them.
  const [saved] = await expensesOf(anna, groupId);
  const detail = await expenseDetail(anna, saved?.id ?? '');
  const paidBy = { Anna: 30_000, Bo: 20_000, Cilla: 0 } as Record<string, number>;
  const shareOf = (name: string) => detail.shares.find((share) => share.name === name)?.shareOre ?? 0;
  expect(detail.shares.reduce((sum, share) => sum + share.shareOre, 0)).toBe(50_000);
  await openTab(anna, sv.settlement.tab);
  await expect(anna.getByTestId('balance-row')).toHaveCount(3);
  const expected = Object.fromEntries(
    ['Anna', 'Bo', 'Cilla'].map((name) => {
      const balance = (paidBy[name] ?? 0) - shareOf(name);
      const money = formatMoney(balance, 'SEK');
      return [name, balance > 0 ? `+${money}` : money];
    }),
  );
  const shown = await balancesShown(anna);
  expect(Object.keys(shown).sort()).toEqual(['Anna', 'Bo', 'Cilla']);
  for (const name of Object.keys(expected))
    expect(shown[name]?.replace(/[\s\u00a0\u202f]/g, ''), name).toBe(expected[name]?.replace(/[\s\u00a0\u202f]/g, ''));

  // The breakdown of the settlement names both payers with what each paid.
  await anna.getByRole('button', { name: sv.settlement.showTransfers }).tap();
  const dialog = anna.getByRole('dialog', { name: sv.settlement.dialogTitle });
  const entry = dialog.getByTestId('breakdown').getByRole('listitem').filter({ hasText: 'Pelikan' }).first();
  await expect(entry).toContainText(sv.fill(sv.settlement.paidBy, { name: 'Anna och Bo' }));
  await entry.getByText('Pelikan').tap();
  const payers = entry.getByTestId('breakdown-payers');
  await expect(payers).toContainText(sv.settlement.payersHeading);
  await expect(payers.getByRole('listitem')).toHaveText([
    new RegExp(`^Anna\\s*${formatMoney(30_000, 'SEK').replace(/\s/g, '\\s')}$`),
    new RegExp(`^Bo\\s*${formatMoney(20_000, 'SEK').replace(/\s/g, '\\s')}$`),
  ]);
  await expect(entry).toContainText(sv.settlement.sharesHeading);
  if (shots) {
    await entry.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await anna.screenshot({ path: path.join(shots, 'several-payers-breakdown-390.png') });
  }
});
