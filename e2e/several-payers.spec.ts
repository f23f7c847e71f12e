import path from 'node:path';
import type { Page } from '@playwright/test';
import { formatMoney } from '../src/shared/format.ts';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, test } from './fixtures.ts';
import { apiExpense, apiGroup, expectSplitStep, joinAs, membersOf } from './expenses-helpers.ts';
import { signUp } from './groups-helpers.ts';
import { expenseDetail, expensesOf, typeInto } from './money-helpers.ts';
import { openTab, PHONE, scrollsSideways, smallTargets } from './phone-helpers.ts';

// An expense paid by two people (decision 057), typed key by key on a phone, then seen in the balances.

const texts = sv.expenses;
const wizard = texts.wizard;
const shots = process.env.E2E_SCREENSHOTS;

const plain = (text: string | undefined) => text?.replace(/[\s\u00a0\u202f]/g, '').replace('\u2212', '-');

/**
 * The Balance tab shows, for each person, what they paid minus their share of the expense as the server saved it.
 * Names are read without the "(du)" the viewer's own row carries.
 */
async function expectBalances(page: Page, expenseId: string, paidBy: Record<string, number>): Promise<void> {
  const detail = await expenseDetail(page, expenseId);
  const shareOf = (name: string) => detail.shares.find((share) => share.name === name)?.shareOre ?? 0;
  expect(detail.shares.reduce((sum, share) => sum + share.shareOre, 0)).toBe(detail.totalOre);
  await openTab(page, sv.settlement.tab);
  await expect(page.getByTestId('balance-row')).toHaveCount(Object.keys(paidBy).length);
  const shown: Record<string, string | undefined> = {};
  for (const row of await page.getByTestId('balance-row').all()) {
    const name = (await row.getByTestId('balance-name').innerText()).split(' (')[0] ?? '';
    shown[name] = plain(await row.getByTestId('balance-amount').innerText());
  }
  const expected = Object.fromEntries(
    Object.entries(paidBy).map(([name, paid]) => {
      const balance = paid - shareOf(name);
      return [name, plain(`${balance > 0 ? '+' : ''}${formatMoney(balance, 'SEK')}`)];
    }),
  );
  expect(shown).toEqual(expected);
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
  const several = anna.getByRole('button', { name: texts.payers.several });
  if (shots) {
    await several.scrollIntoViewIfNeeded();
    await anna.screenshot({ path: path.join(shots, 'one-payer-wizard-390.png') });
  }
  await several.tap();
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
  await expectSplitStep(anna);
  await anna.getByRole('button', { name: wizard.save }).tap();
  const item = anna.getByTestId('expense-item').filter({ hasText: 'Pelikan' });
  await expect(item).toContainText(sv.fill(texts.list.paidBy, { name: 'Anna och Bo' }));
  // The group's first expense: the first-use tour opens, and Anna skips it.
  await anna.getByRole('button', { name: sv.onboarding.skip }).tap();

  // The balances are what each paid minus their share, as the server saved them.
  const [saved] = await expensesOf(anna, groupId);
  await expectBalances(anna, saved?.id ?? '', { Anna: 30_000, Bo: 20_000, Cilla: 0 });

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

test('on a phone, the second payer opens "Redigera utgift" with both amounts filled in and moves 50 kr between them', async ({
  newBrowser,
}) => {
  const anna = await newBrowser();
  await signUp(anna, 'Anna');
  const groupId = await apiGroup(anna, 'Resan');
  const bo = await newBrowser(PHONE);
  await joinAs(bo, 'Bo', anna, groupId);
  const ids = Object.fromEntries((await membersOf(anna, groupId)).map((m) => [m.name, m.id])) as Record<string, string>;
  await apiExpense(anna, groupId, {
    merchant: 'Hyrbil',
    totalOre: 90_000,
    memberIds: [ids.Anna ?? '', ids.Bo ?? ''],
    payers: [
      { memberId: ids.Anna ?? '', amountOre: 60_000 },
      { memberId: ids.Bo ?? '', amountOre: 30_000 },
    ],
  });

  await bo.goto(`/app/group/${groupId}?tab=receipts`);
  await bo.getByRole('button', { name: sv.onboarding.skip }).tap();
  const item = bo.getByTestId('expense-item').filter({ hasText: 'Hyrbil' });
  await item.getByRole('button', { name: sv.fill(texts.list.menu, { merchant: 'Hyrbil' }) }).tap();
  await bo.getByRole('menuitem', { name: texts.list.edit }).tap();
  const dialog = bo.getByRole('dialog', { name: texts.edit.title });
  const annaField = dialog.getByLabel(sv.fill(texts.payers.amountLabel, { name: 'Anna' }));
  const boField = dialog.getByLabel(sv.fill(texts.payers.amountLabel, { name: sv.fill(texts.you, { name: 'Bo' }) }));
  await expect(annaField).toHaveValue('600');
  await expect(boField).toHaveValue('300');
  await expect(dialog.getByTestId('payers-remainder')).toHaveText(texts.payers.done);
  await typeInto(annaField, '550');
  await expect(dialog.getByTestId('payers-remainder')).toHaveText(
    sv.fill(texts.payers.remaining, { amount: formatMoney(5_000, 'SEK') }),
  );
  await typeInto(boField, '350');
  await expect(dialog.getByTestId('payers-remainder')).toHaveText(texts.payers.done);
  if (shots) {
    await dialog.getByRole('group', { name: texts.payers.legend }).scrollIntoViewIfNeeded();
    await bo.screenshot({ path: path.join(shots, 'several-payers-edit-390.png') });
  }
  await dialog.getByRole('button', { name: texts.edit.save }).tap();
  await expect(dialog).toBeHidden();

  const [saved] = await expensesOf(bo, groupId);
  const detail = (await expenseDetail(bo, saved?.id ?? '')) as unknown as { payers: Array<{ amountOre: number }> };
  expect(detail.payers.map((payer) => payer.amountOre)).toEqual([55_000, 35_000]);
  await expectBalances(bo, saved?.id ?? '', { Anna: 55_000, Bo: 35_000 });
});
