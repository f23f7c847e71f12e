import fs from 'node:fs';
import sharp from 'sharp';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { apiExpense, apiGroup, fillStepOne, joinAs, membersOf } from './expenses-helpers.ts';
import { signUp } from './groups-helpers.ts';

const texts = sv.expenses;
const menuOf = (merchant: string) => sv.fill(texts.list.menu, { merchant });

test.describe('expenses and attachments', () => {
  test('the payer edits and deletes; another member sees the expense without a menu', async ({ page, newBrowser }) => {
    await signUp(page, 'Anna Betalare');
    const groupId = await apiGroup(page, 'Lägenheten');
    const friend = await newBrowser();
    await joinAs(friend, 'Bo Granne', page, groupId);
    const memberIds = (await membersOf(page, groupId)).map((member) => member.id);
    await apiExpense(page, groupId, { merchant: 'Willys', totalOre: 40_000, memberIds });

    await friend.goto(`/app/group/${groupId}?tab=receipts`);
    await expect(friend.getByTestId('expense-item').filter({ hasText: 'Willys' })).toBeVisible();
    await expect(friend.getByRole('button', { name: menuOf('Willys') })).toHaveCount(0);

    await page.goto(`/app/group/${groupId}?tab=receipts`);
    await expectAccessible(page);
    await page.getByRole('button', { name: menuOf('Willys') }).click();
    await page.getByRole('menuitem', { name: texts.list.edit }).click();
    const dialog = page.getByRole('dialog', { name: texts.edit.title });
    await expect(dialog.getByLabel(texts.fields.amount, { exact: true })).toHaveValue('400');
    await expectAccessible(page);
    await dialog.getByLabel(texts.fields.amount, { exact: true }).fill('');
    await dialog.getByRole('button', { name: texts.edit.save }).click();
    await expect(dialog.getByText(sv.validation.amountInvalid)).toBeVisible();
    await dialog.getByLabel(texts.fields.amount, { exact: true }).fill('450');
    await dialog.getByLabel(texts.fields.merchant).fill('Willys Hemma');
    await dialog.getByRole('button', { name: texts.edit.save }).click();
    await expect(page.getByText(texts.toasts.updated)).toBeVisible();
    const item = page.getByTestId('expense-item').filter({ hasText: 'Willys Hemma' });
    await expect(item).toContainText('450\u00a0kr');
    await expect(friend.getByRole('button', { name: menuOf('Willys Hemma') })).toHaveCount(0);

    await page.getByRole('button', { name: menuOf('Willys Hemma') }).click();
    await page.getByRole('menuitem', { name: texts.list.delete }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText(texts.remove.confirm)).toBeVisible();
    await confirm.getByRole('button', { name: texts.remove.action }).click();
    await expect(page.getByText(texts.toasts.deleted)).toBeVisible();
    await expect(page.getByText(texts.list.empty)).toBeVisible();
  });

  test('filters by category and says so when a category has nothing left', async ({ page }) => {
    await signUp(page, 'Cilla Filter');
    const groupId = await apiGroup(page, 'Resan');
    const memberIds = (await membersOf(page, groupId)).map((member) => member.id);
    await apiExpense(page, groupId, { merchant: 'Coop', totalOre: 10_000, category: 'mat', memberIds });
    await apiExpense(page, groupId, { merchant: 'SJ', totalOre: 50_000, category: 'transport', memberIds });
    await page.goto(`/app/group/${groupId}?tab=receipts`);
    await expect(page.getByTestId('expense-item')).toHaveCount(2);
    await page.getByLabel(texts.list.filterLabel).click();
    await page.getByRole('option', { name: texts.categories.transport }).click();
    await expect(page.getByTestId('expense-item')).toHaveCount(1);
    await expect(page.getByTestId('expense-item')).toContainText('SJ');
    await page.getByRole('button', { name: menuOf('SJ') }).click();
    await page.getByRole('menuitem', { name: texts.list.delete }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: texts.remove.action }).click();
    await expect(page.getByText(texts.list.emptyCategory)).toBeVisible();
  });

  test('shows the newest 50 expenses, the rest on "Visa fler", and filters by a category not yet loaded', async ({
    page,
  }) => {
    await signUp(page, 'Gun Samlare');
    const groupId = await apiGroup(page, 'Stora hushållet');
    const memberIds = (await membersOf(page, groupId)).map((member) => member.id);
    // Saved first, so on the same date it is the oldest: only on the second page.
    await apiExpense(page, groupId, { merchant: 'SJ', totalOre: 50_000, category: 'transport', memberIds });
    for (let i = 1; i <= 52; i += 1)
      await apiExpense(page, groupId, { merchant: `Butik ${i}`, totalOre: 1_000 + i, memberIds });

    await page.goto(`/app/group/${groupId}?tab=receipts`);
    const items = page.getByTestId('expense-item');
    await expect(items).toHaveCount(50);
    await expect(items.first()).toContainText('Butik 52');
    await expect(page.getByText('SJ', { exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: texts.list.showMore }).click();
    await expect(items).toHaveCount(53);
    await expect(items.last()).toContainText('SJ');
    await expect(page.getByRole('button', { name: texts.list.showMore })).toHaveCount(0);

    await page.reload();
    await expect(items).toHaveCount(50);
    await page.getByLabel(texts.list.filterLabel).click();
    await page.getByRole('option', { name: texts.categories.transport }).click();
    await expect(items).toHaveCount(1);
    await expect(items).toContainText('SJ');
    await expect(page.getByRole('button', { name: texts.list.showMore })).toHaveCount(0);
  });

  test('an uploaded receipt image opens full size in a new window, for members only', async ({ page, newBrowser }) => {
    await signUp(page, 'Dan Fotograf');
    const groupId = await apiGroup(page, 'Kvittofoton');
    await page.goto(`/app/group/${groupId}?tab=attachments`);
    await expect(page.getByText(texts.attachments.empty)).toBeVisible();
    const photo = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#e8dcc8' } })
      .jpeg()
      .toBuffer();
    await page.goto(`/app/group/${groupId}/expense/new`);
    await page
      .getByLabel(texts.fields.image)
      .setInputFiles({ name: 'kvitto.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByText('kvitto.jpg')).toBeVisible();
    await page
      .getByLabel(texts.fields.image)
      .setInputFiles({ name: 'kvitto.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expect(page.getByText(texts.imageNotImage)).toBeVisible();
    await fillStepOne(page, '89', 'Espresso House');
    await page.getByRole('button', { name: texts.wizard.next }).click();
    await page.getByRole('button', { name: texts.wizard.save }).click();
    await expect(page.getByText(texts.toasts.created)).toBeVisible();

    await page.getByRole('tab', { name: sv.groups.page.tabs.attachments }).click();
    const link = page.getByRole('link', { name: sv.fill(texts.attachments.open, { merchant: 'Espresso House' }) });
    await expect(link).toBeVisible();
    await expectAccessible(page);
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toMatch(/\/api\/expenses\/[0-9a-f-]{36}\/image\?v=/);
    const image = await popup.request.get(popup.url());
    expect([image.status(), image.headers()['content-type'], image.headers()['cache-control']]).toEqual([
      200,
      'image/jpeg',
      'private, max-age=86400',
    ]);

    const outsider = await newBrowser();
    await signUp(outsider, 'Eva Utomstående');
    expect((await outsider.request.get(popup.url())).status()).toBe(404);
  });

  test('exports every expense as a CSV named after the group that Swedish spreadsheets read', async ({ page }) => {
    await signUp(page, 'Fia Bokförare');
    const groupId = await apiGroup(page, 'Fjällresa 2026');
    const memberIds = (await membersOf(page, groupId)).map((member) => member.id);
    await apiExpense(page, groupId, {
      merchant: '=HYPERLINK("http://x")',
      totalOre: 123_450,
      category: 'nöje',
      memberIds,
    });
    await page.goto(`/app/group/${groupId}/settings`);
    await expectAccessible(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: texts.csv.button }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Fjällresa 2026.csv');
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toBe(
      '\uFEFFDatum;Butik;Kategori;Belopp;Valuta;Betalare;Deltagare;Rader\r\n' +
        `2026-11-20;"'=HYPERLINK(""http://x"")";Nöje;1234,50;SEK;Fia Bokförare;Fia Bokförare;\r\n`,
    );
  });
});
