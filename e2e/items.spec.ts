import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { icaReceiptPhoto } from '../src/server/lib/ocr/testing/receipts.ts';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { apiGroup, joinAs } from './expenses-helpers.ts';
import { signUp } from './groups-helpers.ts';
import { expenseDetail, expensesOf, typeInto } from './money-helpers.ts';
import { PHONE } from './phone-helpers.ts';

const texts = sv.expenses;
const items = texts.items;
const wizard = texts.wizard;
const shots = process.env.E2E_SCREENSHOTS;
const kr = (text: string) => text.replace(/ kr/g, '\u00a0kr');

const line = (scope: Page | Locator, n: number) => ({
  text: scope.getByRole('textbox', { name: sv.fill(items.text, { n }) }),
  amount: scope.getByRole('textbox', { name: sv.fill(items.amount, { n }) }),
  takers: (what: string) => scope.getByRole('group', { name: sv.fill(items.takers, { line: what }) }),
});

test('on a 390 px touch phone, lines typed key by key are shared by tapping names, previewed, saved and edited again', async ({
  newBrowser,
}) => {
  const phone = await newBrowser(PHONE);
  await signUp(phone, 'Anna Radvis');
  const groupId = await apiGroup(phone, 'Middagen');
  await joinAs(await newBrowser(), 'Bo Gäst', phone, groupId);
  const anna = sv.fill(texts.you, { name: 'Anna Radvis' });

  await phone.goto(`/app/group/${groupId}/expense/new`);
  await typeInto(phone.getByLabel(texts.fields.amount, { exact: true }), '161');
  await typeInto(phone.getByLabel(texts.fields.merchant), 'Systembolaget');
  await phone.getByRole('button', { name: wizard.next }).tap();
  await expect(phone.getByRole('heading', { name: wizard.stepTitles[1] })).toBeVisible();
  await phone.getByRole('button', { name: wizard.next }).tap();
  await phone.getByText(texts.splitMethods.items, { exact: true }).tap();
  await expect(phone.getByRole('radio', { name: texts.splitMethods.items })).toBeChecked();
  await expect(phone.getByText(items.empty)).toBeVisible();

  for (const [n, what, amount] of [
    [1, 'Vin', '100'],
    [2, 'Ost', '60'],
  ] as const) {
    await phone.getByRole('button', { name: items.add }).tap();
    await typeInto(line(phone, n).text, what);
    await typeInto(line(phone, n).amount, amount);
  }
  // Nobody took a line yet: saving is refused and each line says what it needs.
  await phone.getByRole('button', { name: wizard.save }).tap();
  await expect(phone.getByRole('alert').filter({ hasText: sv.errors.ITEM_UNASSIGNED })).toBeVisible();
  await expect(phone.getByText(items.nobody)).toHaveCount(2);
  await expect(phone.getByText(sv.fill(items.unassigned.other, { count: 2 }))).toBeVisible();

  await line(phone, 1).takers('Vin').getByRole('button', { name: anna }).tap();
  const cheese = line(phone, 2).takers('Ost');
  await cheese.getByRole('button', { name: anna }).tap();
  await cheese.getByRole('button', { name: 'Bo Gäst' }).tap();
  await expect(cheese.getByRole('button', { name: 'Bo Gäst' })).toHaveAttribute('aria-pressed', 'true');
  await expect(phone.getByText(kr(sv.fill(items.each, { amount: '30 kr' })))).toBeVisible();

  // 160 kr of lines against 161 kr: the krona goes 130:30 to Anna and Bo.
  const summary = phone.getByTestId('items-summary');
  await expect(summary).toContainText(kr(sv.fill(items.sum, { lines: '160 kr', total: '161 kr' })));
  await expect(summary).toContainText(kr(sv.fill(items.differenceUp, { difference: '1 kr' })));
  await expect(phone.getByTestId('share-amount')).toHaveText([kr('130,81 kr'), kr('30,19 kr')]);
  await expect(phone.getByTestId('split-total')).toContainText(kr('161 kr'));
  await expectAccessible(phone);
  if (shots) await phone.screenshot({ path: `${shots}/items-step-390.png`, fullPage: true });

  await phone.getByRole('button', { name: wizard.save }).tap();
  await expect(phone.getByText(texts.toasts.created)).toBeVisible();
  const [saved] = await expensesOf(phone, groupId);
  expect((await expenseDetail(phone, saved?.id ?? '')).shares.map((share) => share.shareOre)).toEqual([13_081, 3_019]);

  // The edit dialog shows the same lines and who took them, and changes them.
  await phone.getByRole('button', { name: sv.fill(texts.list.menu, { merchant: 'Systembolaget' }) }).tap();
  await phone.getByRole('menuitem', { name: texts.list.edit }).tap();
  const dialog = phone.getByRole('dialog', { name: texts.edit.title });
  await expect(dialog.getByRole('radio', { name: texts.splitMethods.items })).toBeChecked();
  await expect(line(dialog, 1).text).toHaveValue('Vin');
  await expect(line(dialog, 2).amount).toHaveValue('60');
  await expect(line(dialog, 2).takers('Ost').getByRole('button', { name: 'Bo Gäst' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const wine = line(dialog, 1).takers('Vin').getByRole('button', { name: 'Bo Gäst' });
  await wine.scrollIntoViewIfNeeded();
  await wine.tap();
  await expect(dialog.getByTestId('share-amount')).toHaveText([kr('80,50 kr'), kr('80,50 kr')]);
  if (shots) await phone.screenshot({ path: `${shots}/items-edit-390.png` });
  await dialog.getByRole('button', { name: texts.edit.save }).tap();
  await expect(dialog).toBeHidden();
  const edited = (await expenseDetail(phone, saved?.id ?? '')) as Awaited<ReturnType<typeof expenseDetail>> & {
    items: Array<{ text: string; memberIds: string[] }>;
  };
  expect(edited.shares.map((share) => share.shareOre)).toEqual([8_050, 8_050]);
  expect(edited.items.map((item) => [item.text, item.memberIds.length])).toEqual([
    ['Vin', 2],
    ['Ost', 2],
  ]);
});

test('on a phone, the lines read from a photographed receipt fill Per rad, and one tap gives the rest to everyone', async ({
  newBrowser,
}) => {
  const phone = await newBrowser(PHONE);
  await signUp(phone, 'Cilla Kvitto');
  const groupId = await apiGroup(phone, 'Handlingen');
  await joinAs(await newBrowser(), 'David Delar', phone, groupId);
  const photo = await icaReceiptPhoto({ seed: 5 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-items-'));
  const file = path.join(dir, 'kvitto.jpg');
  fs.writeFileSync(file, photo.image);

  await phone.goto(`/app/group/${groupId}/expense/new`);
  const chooser = phone.waitForEvent('filechooser');
  await phone.getByRole('button', { name: sv.assist.scan.photoFirst }).tap();
  await (await chooser).setFiles(file);
  await expect(phone.getByText(sv.assist.scan.filled)).toBeFocused({ timeout: 60_000 });
  await phone.getByRole('button', { name: wizard.next }).tap();
  await phone.getByRole('button', { name: wizard.next }).tap();
  await phone.getByText(texts.splitMethods.items, { exact: true }).tap();

  await expect(phone.getByText(items.fromReceipt)).toBeVisible();
  const rows = phone.getByTestId('item-row');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  await expect(line(phone, 1).text).not.toHaveValue('');
  // Cilla took the first line alone; the rest is everyone's.
  await line(phone, 1)
    .takers(await line(phone, 1).text.inputValue())
    .getByRole('button', { name: sv.fill(texts.you, { name: 'Cilla Kvitto' }) })
    .tap();
  await phone.getByRole('button', { name: items.restToAll }).tap();
  await expect(phone.getByRole('button', { name: items.restToAll })).toHaveCount(0);
  await expect(phone.getByTestId('split-total')).not.toHaveClass(/text-destructive/);
  await expectAccessible(phone);
  if (shots) await phone.screenshot({ path: `${shots}/items-from-receipt-390.png`, fullPage: true });
  await phone.getByRole('button', { name: wizard.save }).tap();
  await expect(phone.getByText(texts.toasts.created)).toBeVisible();

  const [saved] = await expensesOf(phone, groupId);
  const detail = (await expenseDetail(phone, saved?.id ?? '')) as Awaited<ReturnType<typeof expenseDetail>> & {
    items: Array<{ memberIds: string[] }>;
  };
  expect(detail.totalOre).toBe(photo.receipt.expected.totalOre);
  expect(detail.shares.reduce((sum, share) => sum + share.shareOre, 0)).toBe(detail.totalOre);
  expect(detail.items).toHaveLength(count);
  expect(detail.items.slice(1).every((item) => item.memberIds.length === 2)).toBe(true);
  fs.rmSync(dir, { recursive: true, force: true });
});
