import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import * as sv from '../src/shared/i18n/sv.ts';
import { swishAmount } from '../src/shared/domain/swish.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { apiGroup, joinAs, membersOf } from './expenses-helpers.ts';
import { signUp } from './groups-helpers.ts';

const texts = sv.settlement;
const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

/** "−1 575 kr", "+725 kr", "1 425,50 kr" → öre. */
function oreOf(text: string): number {
  const plain = text
    .replace(/[\s\u00a0\u202f]|kr/g, '')
    .replace('\u2212', '-')
    .replace(',', '.');
  return Math.round(Number(plain) * 100);
}

type Split = {
  method: 'equal' | 'weight' | 'absolute' | 'percent';
  participants: Array<{ memberId: string; value?: number }>;
};

/** An expense saved over the API by the person on `payer`, who is also its payer. */
async function expense(
  payer: Page,
  groupId: string,
  input: { merchant: string; totalOre: number; currency?: 'SEK' | 'EUR'; rateMicros?: number; split: Split },
) {
  const me = (await membersOf(payer, groupId)).find((member) => member.isMe);
  const body = {
    totalOre: input.totalOre,
    currency: input.currency ?? 'SEK',
    expenseDate: '2026-11-20',
    merchant: input.merchant,
    category: 'mat',
    note: null,
    payerMemberId: me?.id,
    split: input.split,
    manualRateMicros: input.rateMicros ?? null,
  };
  const id = randomUUID();
  const response = await payer.request.post(`/api/groups/${groupId}/expenses`, {
    headers: origin(payer),
    data: { id, ...body, imageId: null },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id, body };
}

async function balancesShown(scope: Page | Locator): Promise<Map<string, number>> {
  const rows = scope.getByTestId('balance-row');
  const shown = new Map<string, number>();
  for (const row of await rows.all())
    shown.set(
      await row.getByTestId('balance-name').innerText(),
      oreOf(await row.getByTestId('balance-amount').innerText()),
    );
  return shown;
}

async function transfersShown(dialog: Locator) {
  const result = [];
  for (const card of await dialog.getByTestId('transfer').all()) {
    result.push({
      from: await card.getByTestId('transfer-from').innerText(),
      to: await card.getByTestId('transfer-to').innerText(),
      amount: oreOf(await card.getByTestId('transfer-amount').innerText()),
      card,
    });
  }
  return result;
}

/** The text inside a QR code on screen, read from its pixels. */
async function decodeQr(image: Locator): Promise<string | null> {
  const { data, info } = await sharp(await image.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR.default(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

async function openDialog(page: Page, groupId: string, button: string): Promise<Locator> {
  await page.goto(`/app/group/${groupId}`);
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: texts.dialogTitle });
  await expect(dialog.getByTestId('balance-row').first()).toBeVisible();
  return dialog;
}

test('four people settle a trip: transfers match the balances, Swish QR, all paid settles, reopening opens editing', async ({
  page,
  newBrowser,
}) => {
  await signUp(page, 'Anna');
  const profile = { name: 'Anna', phone: '070-123 45 67', address: '', postalCode: '', city: '', country: 'Sverige' };
  expect((await page.request.put('/api/account/profile', { headers: origin(page), data: profile })).status()).toBe(200);
  const groupId = await apiGroup(page, 'Fjällresa');
  const people: Record<string, Page> = { Anna: page };
  for (const name of ['Bo', 'Cia', 'Dan']) {
    people[name] = await newBrowser();
    await joinAs(people[name], name, page, groupId);
  }
  const ids = Object.fromEntries((await membersOf(page, groupId)).map((m) => [m.name, m.id])) as Record<string, string>;
  const all = (values?: number[]) =>
    ['Anna', 'Bo', 'Cia', 'Dan'].map((n, i) => ({ memberId: ids[n] ?? '', ...(values ? { value: values[i] } : {}) }));
  const ica = await expense(page, groupId, {
    merchant: 'ICA Kvantum',
    totalOre: 120_000,
    split: { method: 'equal', participants: all() },
  });
  await expense(people.Bo as Page, groupId, {
    merchant: 'Taxi',
    totalOre: 160_000,
    split: { method: 'weight', participants: all([100, 100, 200, 400]) },
  });
  await expense(people.Cia as Page, groupId, {
    merchant: 'Systembolaget',
    totalOre: 40_000,
    split: { method: 'absolute', participants: all([10_000, 10_000, 0, 20_000]) },
  });
  await expense(page, groupId, {
    merchant: 'Liftkort',
    totalOre: 10_000,
    currency: 'EUR',
    rateMicros: 11_000_000,
    split: { method: 'percent', participants: all([2500, 2500, 2500, 2500]) },
  });

  await page.goto(`/app/group/${groupId}`);
  await expect(page.getByText(sv.fill(texts.conversionNotice, { currency: 'SEK' }))).toBeVisible();
  expect(Object.fromEntries(await balancesShown(page))).toEqual({
    Anna: 142_500,
    Bo: 72_500,
    Cia: -57_500,
    Dan: -157_500,
  });
  await expect(page.getByTestId('balance-row').filter({ hasText: 'Dan' })).toContainText(texts.owes);
  await expectAccessible(page);

  const dialog = await openDialog(page, groupId, texts.showTransfers);
  const transfers = await transfersShown(dialog);
  expect(transfers).toHaveLength(3);
  const balances = await balancesShown(dialog);
  for (const t of transfers) {
    balances.set(t.from, (balances.get(t.from) ?? NaN) + t.amount);
    balances.set(t.to, (balances.get(t.to) ?? NaN) - t.amount);
  }
  expect([...balances.values()]).toEqual([0, 0, 0, 0]);
  await expect(dialog.getByRole('button', { name: texts.markPaid })).toHaveCount(0);
  await expect(dialog.getByTestId('breakdown').getByText('Liftkort')).toBeVisible();
  await expectAccessible(page);

  for (const { from, to, amount } of transfers) {
    const payer = people[from] as Page;
    const card = (await openDialog(payer, groupId, texts.showTransfers))
      .getByTestId('transfer')
      .filter({ hasText: to })
      .filter({ hasText: from });
    if (to === 'Anna') {
      await expect(card.getByTestId('recipient-phone')).toHaveText('070-123 45 67');
      const qr = card.getByTestId('swish-qr');
      await expect(qr).toBeVisible();
      await expectAccessible(payer);
      expect(await decodeQr(qr)).toBe(`C0701234567;${swishAmount(amount)};${encodeURIComponent('Kvitt: Fjällresa')};4`);
      await payer.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await card.getByRole('button', { name: texts.copyPhone }).click();
      await expect(payer.getByText(texts.phoneCopied)).toBeVisible();
      expect(await payer.evaluate(() => navigator.clipboard.readText())).toBe('0701234567');
    } else {
      await expect(card).toContainText(sv.fill(texts.noPhoneOther, { name: to }));
    }
    await card.getByRole('button', { name: texts.markPaid }).click();
    await expect(payer.getByText(texts.markedPaid)).toBeVisible();
    await expect(card.getByText(texts.paid)).toBeVisible();
  }

  await page.goto(`/app/group/${groupId}`);
  await expect(page.getByRole('button', { name: texts.showSettlement })).toBeVisible();
  await expect(page.getByTestId('balance-amount')).toHaveText(['0 kr', '0 kr', '0 kr', '0 kr']);
  const refused = await page.request.patch(`/api/expenses/${ica.id}`, { headers: origin(page), data: ica.body });
  expect([refused.status(), ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([
    409,
    'GROUP_SETTLED',
  ]);
  await page.getByRole('tab', { name: sv.groups.page.tabs.receipts }).click();
  await expect(page.getByTestId('expense-item').first()).toBeVisible();
  await expect(
    page.getByRole('button', { name: sv.fill(sv.expenses.list.menu, { merchant: 'ICA Kvantum' }) }),
  ).toHaveCount(0);

  await page.getByRole('tab', { name: texts.tab }).click();
  await page.getByRole('button', { name: texts.reopen }).click();
  await expect(page.getByRole('alertdialog')).toContainText(texts.reopenConfirm);
  await page.getByRole('button', { name: texts.reopenAction }).click();
  await expect(page.getByText(texts.reopened)).toBeVisible();
  await expect(page.getByRole('button', { name: texts.showTransfers })).toBeVisible();
  await page.getByRole('tab', { name: sv.groups.page.tabs.receipts }).click();
  await expect(
    page.getByRole('button', { name: sv.fill(sv.expenses.list.menu, { merchant: 'ICA Kvantum' }) }),
  ).toBeVisible();
  const allowed = await page.request.patch(`/api/expenses/${ica.id}`, { headers: origin(page), data: ica.body });
  expect(allowed.status()).toBe(200);

  // Everyone is even and nothing is left to pay: any member may close the group again (decision 022).
  await page.getByRole('tab', { name: texts.tab }).click();
  await page.getByRole('button', { name: texts.markGroupSettled }).click();
  await expect(page.getByText(texts.groupSettled)).toBeVisible();
  await expect(page.getByRole('button', { name: texts.showSettlement })).toBeVisible();
});

test('a group without expenses shows that there is no balance yet', async ({ page }) => {
  await signUp(page, 'Ensam');
  const groupId = await apiGroup(page, 'Tom grupp');
  await page.goto(`/app/group/${groupId}`);
  await expect(page.getByRole('heading', { name: texts.empty })).toBeVisible();
  await expect(page.getByRole('tab', { name: texts.tab })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);
});
