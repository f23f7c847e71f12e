import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { formatOreText } from '../src/shared/domain/money.ts';
import { RECEIPT_IMAGE_ACCEPT } from '../src/shared/api/image-types.ts';
import { formatMoney } from '../src/shared/format.ts';
import * as sv from '../src/shared/i18n/sv.ts';
import { icaReceiptPhoto } from '../src/server/lib/ocr/testing/receipts.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { apiExpense, apiGroup, membersOf } from './expenses-helpers.ts';
import { apiPerson, groupCode, signUp } from './groups-helpers.ts';

const texts = sv.expenses;
const wizard = texts.wizard;
const scan = sv.assist.scan;
const suggest = sv.assist.suggest;
const shots = process.env.E2E_SCREENSHOTS;

/** A file on disk for setInputFiles, removed when the worker ends. */
function tempFile(name: string, bytes: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kvitt-assist-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return file;
}

/**
 * Anna's group of three: all three shared a pizza once, and since then Anna and Bo share the ICA shopping without
 * Cilla. (Someone who was never on any expense may be new, so the suggestion would still include them.)
 */
async function householdWithHistory(page: Page, baseURL: string): Promise<string> {
  await signUp(page, 'Anna Kvitto');
  const groupId = await apiGroup(page, 'Kollektivet');
  const code = await groupCode(page, groupId);
  for (const name of ['Bo Delare', 'Cilla Utanför']) {
    const person = await apiPerson(baseURL, name);
    expect((await person.post('/api/groups/join', { data: { code } })).status()).toBe(200);
    await person.dispose();
  }
  const members = await membersOf(page, groupId);
  await apiExpense(page, groupId, {
    merchant: 'Pizzeria Napoli',
    totalOre: 45_000,
    memberIds: members.map((m) => m.id),
  });
  const pair = members.filter((m) => m.name !== 'Cilla Utanför').map((m) => m.id);
  for (const totalOre of [18_000, 23_050, 21_000, 25_990]) {
    await apiExpense(page, groupId, { merchant: 'ICA', totalOre, memberIds: pair });
  }
  return groupId;
}

const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name: new RegExp(name) });

test.describe('receipt reading and the AI suggestion in the wizard', () => {
  test('reads a chosen receipt at once, fills what the person left alone, keeps what they typed and saves', async ({
    page,
    baseURL,
  }) => {
    const groupId = await householdWithHistory(page, baseURL ?? '');
    // The rendering the OCR library's own test holds its tuning to (src/server/lib/ocr/ocr.node.test.ts).
    const photo = await icaReceiptPhoto({ seed: 3 });
    const { totalOre, date, merchant } = photo.receipt.expected;
    const amountText = formatMoney(totalOre, 'SEK');

    await page.goto(`/app/group/${groupId}/expense/new`);
    await expect(page.getByText(sv.fill(wizard.step, { step: 1, total: 3 }))).toBeVisible();
    await expect(page.getByRole('heading', { name: scan.photoFirst })).toBeVisible();
    await page.getByLabel(texts.fields.image).setInputFiles(tempFile('kvitto.jpg', photo.image));
    // While the receipt is read, the form stays usable, and nothing typed is overwritten when the answer comes.
    await expect(page.getByText(scan.reading)).toBeVisible({ timeout: 30_000 });
    await page.getByLabel(texts.fields.merchant).pressSequentially('Affären');
    await page.getByLabel(texts.fields.note).pressSequentially('Fredagsmat');
    await expect(page.getByText(scan.scanned)).toBeVisible({ timeout: 60_000 });
    const panel = page.getByRole('region', { name: scan.title });
    await expect(panel.getByTestId('reading-amount')).toContainText(amountText);
    await expect(panel.getByTestId('reading-merchant')).toContainText(merchant);
    await expect(panel.getByTestId('reading-merchant')).toContainText(sv.fill(scan.typed, { value: 'Affären' }));
    // The fields left alone are filled and marked as read from the receipt; the typed ones are kept, unmarked.
    const amountField = page.getByLabel(texts.fields.amount, { exact: true });
    await expect(amountField).toHaveValue(formatOreText(totalOre));
    await expect(amountField).toHaveAccessibleDescription(scan.fromReceipt);
    await expect(page.getByLabel(texts.fields.date)).toHaveValue(date);
    await expect(page.getByLabel(texts.fields.date)).toHaveAccessibleDescription(scan.fromReceipt);
    await expect(page.getByLabel(texts.fields.merchant)).toHaveValue('Affären');
    await expect(page.getByLabel(texts.fields.merchant)).not.toHaveAccessibleDescription(scan.fromReceipt);
    await expect(page.getByLabel(texts.fields.note)).toHaveValue('Fredagsmat');
    // Someone typing keeps the focus where they type.
    await expect(page.getByLabel(texts.fields.note)).toBeFocused();
    await expectAccessible(page);
    if (shots) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await panel.evaluate((element) => element.scrollIntoView({ block: 'end' }));
        await page.screenshot({ path: path.join(shots, `assist-panel-${width}.png`) });
      }
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    await panel.getByRole('button', { name: scan.apply }).click();
    await expect(panel.getByText(scan.applied)).toBeFocused();
    await expect(amountField).toHaveValue(formatOreText(totalOre));
    // The store's printed name may be longer than the chain's ("ICA Nära"), so the chain must lead it.
    await expect(page.getByLabel(texts.fields.merchant)).toHaveValue(new RegExp(`^${merchant}`));
    await expect(page.getByLabel(texts.fields.note)).toHaveValue('Fredagsmat');
    // A read value the person changes is theirs: the mark goes.
    await amountField.clear();
    await amountField.pressSequentially('300');
    await expect(amountField).not.toHaveAccessibleDescription(scan.fromReceipt);
    await amountField.clear();
    await amountField.pressSequentially(formatOreText(totalOre));

    await page.getByRole('button', { name: wizard.next }).click();
    await expect(page.getByRole('heading', { name: wizard.stepTitles[1] })).toBeVisible();
    await expect(checkbox(page, 'Cilla Utanför')).toBeChecked();
    await page.getByRole('button', { name: suggest.button }).click();
    await expect(page.getByText(suggest.applied)).toBeVisible();
    await expect(checkbox(page, 'Anna Kvitto')).toBeChecked();
    await expect(checkbox(page, 'Bo Delare')).toBeChecked();
    await expect(checkbox(page, 'Cilla Utanför')).not.toBeChecked();
    if (shots) await page.screenshot({ path: path.join(shots, 'assist-suggest-1280.png'), fullPage: true });

    await page.getByRole('button', { name: wizard.next }).click();
    await page.getByRole('button', { name: wizard.save }).click();
    await expect(page.getByText(texts.toasts.created)).toBeVisible();
    const item = page.getByTestId('expense-item').filter({ hasText: amountText });
    await expect(item).toContainText(merchant);
    await expect(item).toContainText('2 deltagare');
  });

  test('asks for a new photo when the image cannot be read, and keeps the AI suggestion off without a merchant', async ({
    page,
    baseURL,
  }) => {
    const groupId = await householdWithHistory(page, baseURL ?? '');
    const blank = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    await page.goto(`/app/group/${groupId}/expense/new`);
    await page.getByLabel(texts.fields.image).setInputFiles(tempFile('tomt.jpg', blank));
    await expect(page.getByText(scan.failed).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('alert').filter({ hasText: sv.errors.RECEIPT_UNREADABLE })).toBeVisible();
    await expect(page.getByRole('button', { name: scan.apply })).toHaveCount(0);

    await page.getByLabel(texts.fields.amount, { exact: true }).fill('120');
    await page.getByRole('button', { name: wizard.next }).click();
    const button = page.getByRole('button', { name: suggest.button });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(suggest.needsMerchant);
    await expect(page.getByText(suggest.needsMerchant)).toBeVisible();
  });

  test('offers "Fota kvittot" with the rear camera beside "Välj bild" on a touch screen, and only there', async ({
    page,
  }) => {
    await signUp(page, 'Dan Mobil');
    const groupId = await apiGroup(page, 'Resan');
    await page.goto(`/app/group/${groupId}/expense/new`);
    await expect(page.getByRole('button', { name: texts.imageChoose })).toBeVisible();
    await expect(page.getByRole('button', { name: scan.photoFirst })).toHaveCount(0);

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await expect(page.getByRole('button', { name: scan.photoFirst })).toBeVisible();
    await expect(page.getByRole('button', { name: texts.imageChoose })).toBeVisible();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: scan.photoFirst }).click();
    const camera = (await chooser).element();
    expect([await camera.getAttribute('capture'), await camera.getAttribute('accept')]).toEqual([
      'environment',
      'image/*',
    ]);
    await expect(page.getByLabel(texts.fields.image)).not.toHaveAttribute('capture');
    // The library picker offers what the server accepts, by the same list.
    await expect(page.getByLabel(texts.fields.image)).toHaveAttribute('accept', RECEIPT_IMAGE_ACCEPT);
    if (shots) {
      await page.getByRole('button', { name: scan.photoFirst }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, 'assist-camera-375.png') });
    }
  });

  test('on a phone the photo comes first: "Fota kvittot" fills the fields and the view returns to them', async ({
    newBrowser,
  }) => {
    const phone = await newBrowser({ viewport: { width: 390, height: 844 }, touch: true });
    await signUp(phone, 'Ella Mobil');
    const groupId = await apiGroup(phone, 'Stugan');
    const photo = await icaReceiptPhoto({ seed: 3 });
    const { totalOre, date, merchant } = photo.receipt.expected;

    await phone.goto(`/app/group/${groupId}/expense/new`);
    const camera = phone.getByRole('button', { name: scan.photoFirst });
    const amountField = phone.getByLabel(texts.fields.amount, { exact: true });
    // The photo is the first thing in step 1, above the fields, and in view without scrolling.
    await expect(camera).toBeInViewport();
    const [cameraBox, amountBox] = [await camera.boundingBox(), await amountField.boundingBox()];
    expect(cameraBox && amountBox && cameraBox.y < amountBox.y).toBe(true);
    if (shots) await phone.screenshot({ path: path.join(shots, 'wizard-photo-first-390.png') });

    const chooser = phone.waitForEvent('filechooser');
    await camera.tap();
    await (await chooser).setFiles(tempFile('kvitto.jpg', photo.image));
    await expect(phone.getByText(scan.reading)).toBeVisible({ timeout: 30_000 });
    // Read as soon as it is chosen, with no further tap: the fields are filled and the view is back at them.
    const note = phone.getByText(scan.filled);
    await expect(note).toBeFocused({ timeout: 60_000 });
    await expect(note).toBeInViewport();
    await expect(amountField).toHaveValue(formatOreText(totalOre));
    await expect(amountField).toBeInViewport();
    await expect(amountField).toHaveAccessibleDescription(scan.fromReceipt);
    await expect(phone.getByLabel(texts.fields.date)).toHaveValue(date);
    await expect(phone.getByLabel(texts.fields.merchant)).toHaveValue(new RegExp(`^${merchant}`));
    await expect(phone.getByLabel(texts.fields.merchant)).toHaveAccessibleDescription(scan.fromReceipt);
    await expect(phone.getByLabel(texts.fields.category)).toHaveText(texts.categories.mat);
    await expect(phone.getByLabel(texts.fields.category)).toHaveAccessibleDescription(scan.fromReceipt);
    // Nothing the person typed was there, so nothing waits to be applied.
    await expect(phone.getByRole('button', { name: scan.apply })).toHaveCount(0);
    await expectAccessible(phone);
    if (shots) {
      // Let the smooth scroll settle before the picture.
      await phone.waitForTimeout(500);
      await phone.screenshot({ path: path.join(shots, 'wizard-photo-read-390.png') });
      await phone.screenshot({ path: path.join(shots, 'wizard-photo-read-390-full.png'), fullPage: true });
    }

    await phone.getByRole('button', { name: wizard.next }).tap();
    await expect(phone.getByRole('heading', { name: wizard.stepTitles[1] })).toBeVisible();
    await phone.getByRole('button', { name: wizard.next }).tap();
    await phone.getByRole('button', { name: wizard.save }).tap();
    await expect(phone.getByText(texts.toasts.created)).toBeVisible();
    await expect(phone.getByTestId('expense-item').filter({ hasText: formatMoney(totalOre, 'SEK') })).toContainText(
      merchant,
    );
  });
});
