import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { apiGroup, joinAs, membersOf } from './expenses-helpers.ts';
import { signUp } from './groups-helpers.ts';
import { typeInto } from './money-helpers.ts';
import { PHONE } from './phone-helpers.ts';

const texts = sv.settlement;
const shots = process.env.E2E_SCREENSHOTS;
const NBSP = '\u00a0';

/** An expense over the API paid by the person on `payer`, split into the exact öre given per member id. */
async function paidFor(payer: Page, groupId: string, merchant: string, shares: Record<string, number>) {
  const me = (await membersOf(payer, groupId)).find((member) => member.isMe);
  const totalOre = Object.values(shares).reduce((a, b) => a + b, 0);
  const response = await payer.request.post(`/api/groups/${groupId}/expenses`, {
    headers: { origin: new URL(payer.url()).origin },
    data: {
      id: randomUUID(),
      totalOre,
      currency: 'SEK',
      expenseDate: '2026-11-20',
      merchant,
      category: 'mat',
      note: null,
      payerMemberId: me?.id,
      split: {
        method: 'absolute',
        participants: Object.entries(shares).map(([memberId, value]) => ({ memberId, value })),
      },
      manualRateMicros: null,
      imageId: null,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Each balance row's name and amount as shown ("+56,50 kr"). */
async function balancesShown(scope: Page | Locator): Promise<Record<string, string>> {
  const shown: Record<string, string> = {};
  for (const row of await scope.getByTestId('balance-row').all())
    shown[await row.getByTestId('balance-name').innerText()] = await row.getByTestId('balance-amount').innerText();
  return shown;
}

async function choose(dialog: Locator, label: string, option: string) {
  await dialog.getByRole('combobox', { name: label }).click();
  await dialog.page().getByRole('option', { name: option, exact: true }).click();
}

async function openSettlement(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: texts.showTransfers }).click();
  const dialog = page.getByRole('dialog', { name: texts.dialogTitle });
  await expect(dialog.getByTestId('balance-row').first()).toBeVisible();
  return dialog;
}

test('on a 390 px phone Bo records a cash payment of 150,50 kr; balances and proposal follow, and the owner leaves out small transfers', async ({
  newBrowser,
}) => {
  const anna = await newBrowser(PHONE);
  await signUp(anna, 'Anna');
  const groupId = await apiGroup(anna, 'Middagar');
  const bo = await newBrowser(PHONE);
  await joinAs(bo, 'Bo', anna, groupId);
  const cia = await newBrowser();
  await joinAs(cia, 'Cia', anna, groupId);
  const ids = Object.fromEntries((await membersOf(anna, groupId)).map((m) => [m.name, m.id]));
  // Bo owes Anna 200 kr, Cia owes her 7 kr.
  await paidFor(anna, groupId, 'Middag', { [ids.Anna ?? '']: 20_000, [ids.Bo ?? '']: 20_000 });
  await paidFor(anna, groupId, 'Kaffe', { [ids.Cia ?? '']: 700 });

  await anna.goto(`/app/group/${groupId}`);
  await expect(anna.getByTestId('balance-row')).toHaveCount(3);
  await bo.goto(`/app/group/${groupId}`);
  await expect(bo.getByTestId('balance-row')).toHaveCount(3);
  await bo.getByRole('button', { name: texts.record.open }).click();
  const dialog = bo.getByRole('dialog', { name: texts.record.title });
  await expect(dialog.getByRole('combobox', { name: texts.record.from })).toHaveText('Bo');
  // Bo owes, so the dialog starts with him paying Anna, who is owed most.
  await expect(dialog.getByRole('combobox', { name: texts.record.to })).toHaveText('Anna');
  const amount = dialog.getByRole('textbox', { name: sv.fill(texts.record.amount, { currency: 'SEK' }) });
  await expect(amount).toHaveAttribute('inputmode', 'decimal');
  await typeInto(amount, '250');
  await expect(dialog.getByTestId('overpayment-notice')).toHaveText(
    sv.fill(texts.record.payerFlips, { name: 'Bo', owed: `200${NBSP}kr`, after: `50${NBSP}kr` }),
  );
  await typeInto(amount, '150,50');
  await expect(dialog.getByTestId('overpayment-notice')).toHaveCount(0);
  await choose(dialog, texts.record.method, texts.methods.cash);
  await dialog.getByRole('textbox', { name: texts.record.note }).pressSequentially('Kontant vid middagen');
  await expectAccessible(bo);
  if (shots) await bo.screenshot({ path: path.join(shots, 'record-payment-390.png') });
  await dialog.getByRole('button', { name: texts.record.submit }).click();
  await expect(dialog).toBeHidden();
  await expect(bo.getByText(texts.record.done)).toBeVisible();
  await expect
    .poll(() => balancesShown(bo))
    .toEqual({ Anna: `+56,50${NBSP}kr`, Bo: `−49,50${NBSP}kr`, Cia: `−7${NBSP}kr` });
  if (shots) await bo.screenshot({ path: path.join(shots, 'balance-after-payment-390.png') });
  // Anna's open page follows without a reload.
  await expect
    .poll(() => balancesShown(anna))
    .toEqual({ Anna: `+56,50${NBSP}kr`, Bo: `−49,50${NBSP}kr`, Cia: `−7${NBSP}kr` });

  const settlement = await openSettlement(bo);
  const transfers = settlement.getByTestId('transfer');
  await expect(transfers).toHaveCount(2);
  await expect(transfers.getByTestId('transfer-amount')).toHaveText([`49,50${NBSP}kr`, `7${NBSP}kr`]);
  const payment = settlement.getByTestId('payment');
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText(sv.fill(texts.transferLine, { from: 'Bo', to: 'Anna' }));
  await expect(payment).toContainText(texts.methods.cash);
  await expect(payment).toContainText('Kontant vid middagen');
  await expect(payment.getByTestId('payment-amount')).toHaveText(`150,50${NBSP}kr`);

  // Anna, the owner, leaves out transfers under 10 kr; Bo's open proposal follows at once.
  await anna.goto(`/app/group/${groupId}/settings`);
  const threshold = anna.getByRole('textbox', { name: sv.fill(texts.threshold.label, { currency: 'SEK' }) });
  await typeInto(threshold, '10');
  const saved = anna.waitForResponse((r) => r.url().endsWith('/transfer-threshold') && r.request().method() === 'PUT');
  await anna.getByRole('button', { name: texts.threshold.save }).click();
  expect((await saved).status()).toBe(200);
  await expect(anna.getByText(texts.threshold.saved)).toBeVisible();
  if (shots) await anna.screenshot({ path: path.join(shots, 'threshold-setting-390.png') });
  await expect(settlement.getByTestId('omitted-transfers')).toHaveText(
    sv.fill(texts.threshold.statement, { threshold: `10${NBSP}kr`, count: 1, total: `7${NBSP}kr` }),
  );
  await expect(transfers.getByTestId('transfer-amount')).toHaveText([`49,50${NBSP}kr`]);
  await expect(settlement.getByTestId('balance-row')).toHaveCount(3);
  await expectAccessible(bo);
  if (shots) await bo.screenshot({ path: path.join(shots, 'settlement-threshold-390.png'), fullPage: true });

  // Bo takes his payment back; the balances are as before it.
  await payment.getByRole('button', { name: sv.fill(texts.deletePaymentLabel, { from: 'Bo', to: 'Anna' }) }).click();
  await bo.getByRole('alertdialog').getByRole('button', { name: texts.deletePaymentConfirm }).click();
  await expect(settlement.getByTestId('payment')).toHaveCount(0);
  await expect(bo.getByText(texts.paymentDeleted)).toBeVisible();
  await expect
    .poll(() => balancesShown(settlement))
    .toEqual({ Anna: `+207${NBSP}kr`, Bo: `−200${NBSP}kr`, Cia: `−7${NBSP}kr` });
});
