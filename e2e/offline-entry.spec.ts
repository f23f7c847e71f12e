import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import * as sv from '../src/shared/i18n/sv.ts';
import { apiExpense, expectSplitStep, membersOf } from './expenses-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { offlineEntries, PHONE, serviceWorkerInControl, signedUpWithGroups } from './pwa-helpers.ts';

// These tests are about the installed app: its service worker must run.
test.use({ serviceWorkers: 'allow' });

const outbox = sv.pwa.outbox;
const wizard = sv.expenses.wizard;
const shots = process.env.E2E_SCREENSHOTS;

type Listed = { expenses: Array<{ id: string; merchant: string | null; totalOre: number; imageUrl: string | null }> };

/** The group's expenses as the server has them (the API is not cut off by `setOffline`, only the page is). */
async function savedExpenses(page: Page, groupId: string): Promise<Listed['expenses']> {
  const response = await page.request.get(`/api/groups/${groupId}/expenses`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as Listed).expenses;
}

/** A signed-up person with a group whose page has been opened online, so it and the wizard open offline. */
async function personWithOpenedGroup(page: Page, baseURL: string, name: string, group: string) {
  const { userId, groupIds } = await signedUpWithGroups(page, baseURL, name, [group]);
  const [groupId = ''] = groupIds;
  await page.goto(`/app/group/${groupId}`);
  await expect(page.getByRole('heading', { level: 1, name: group })).toBeVisible();
  await page.getByRole('tab', { name: sv.groups.page.tabs.members }).click();
  await expect(page.getByRole('tabpanel').getByText(name).first()).toBeVisible();
  await page.getByRole('tab', { name: sv.groups.page.tabs.receipts }).click();
  await expect(page.getByText(sv.expenses.list.empty)).toBeVisible();
  await serviceWorkerInControl(page);
  await expect.poll(async () => (await offlineEntries(page))[`queries:${userId}`] ?? '').toContain(name);
  return { userId, groupId };
}

/** Through the wizard, typing key by key: amount and merchant, everyone, an equal split, save. */
async function addExpenseInWizard(page: Page, amount: string, merchant: string, photo?: Buffer) {
  await page.getByRole('link', { name: sv.expenses.list.addLarge }).first().click();
  await expect(page.getByRole('heading', { name: wizard.stepTitles[0] })).toBeVisible();
  await page.getByLabel(sv.expenses.fields.amount, { exact: true }).pressSequentially(amount);
  await page.getByLabel(sv.expenses.fields.merchant).pressSequentially(merchant);
  if (photo) {
    await page
      .getByLabel(sv.expenses.fields.image)
      .setInputFiles({ name: 'kvitto.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByText('kvitto.jpg')).toBeVisible();
  }
  await page.getByRole('button', { name: wizard.next }).click();
  await expect(page.getByRole('heading', { name: wizard.stepTitles[1] })).toBeVisible();
  await page.getByRole('button', { name: wizard.next }).click();
  await expectSplitStep(page);
  await page.getByRole('button', { name: wizard.save }).click();
}

test.describe('adding an expense without a connection', () => {
  test('is kept on the phone as "Väntar på anslutning", photo included, and sent exactly once when the connection returns', async ({
    newBrowser,
    baseURL,
  }) => {
    const page = await newBrowser(PHONE);
    const { userId, groupId } = await personWithOpenedGroup(page, baseURL ?? '', 'Tove Tåg', 'Tågresan');
    const photo = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#e8dcc8' } })
      .jpeg()
      .toBuffer();

    await page.context().setOffline(true);
    await addExpenseInWizard(page, '87,50', 'Pressbyrån', photo);
    await expect(page.getByText(outbox.queued)).toBeVisible();
    const queued = page.getByTestId('queued-expense');
    await expect(queued).toHaveCount(1);
    await expect(queued.getByText(outbox.pending)).toBeVisible();
    await expect(queued.getByText('Pressbyrån')).toBeVisible();
    await expect(queued.getByText(outbox.withImage)).toBeVisible();
    expect(await savedExpenses(page, groupId)).toEqual([]);
    // Still there after the app is opened again offline.
    await page.reload();
    await expect(page.getByTestId('queued-expense').getByText(outbox.pending)).toBeVisible();
    await expectAccessible(page);
    if (shots) {
      await page.screenshot({ path: path.join(shots, 'offline-entry-queued-390.png') });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: path.join(shots, 'offline-entry-queued-1280.png') });
      await page.setViewportSize(PHONE.viewport);
    }

    await page.context().setOffline(false);
    await expect(page.getByTestId('queued-expense')).toHaveCount(0);
    await expect(page.getByTestId('expense-item').getByText('Pressbyrån')).toBeVisible();
    await expect.poll(async () => Object.keys(await offlineEntries(page))).not.toContain(`outbox:${userId}`);
    // Opening the app again sends nothing twice.
    await page.reload();
    await expect(page.getByTestId('expense-item')).toHaveCount(1);
    const saved = await savedExpenses(page, groupId);
    expect(saved.map((e) => [e.merchant, e.totalOre])).toEqual([['Pressbyrån', 8750]]);
    expect(saved[0]?.imageUrl).toBeTruthy();
  });

  test('a group settled meanwhile keeps the entry, says why, and lets the person retry or remove it', async ({
    newBrowser,
    baseURL,
  }) => {
    const page = await newBrowser(PHONE);
    const { userId, groupId } = await personWithOpenedGroup(page, baseURL ?? '', 'Sara Stuga', 'Stugveckan');

    await page.context().setOffline(true);
    await addExpenseInWizard(page, '120', 'Ved');
    await expect(page.getByTestId('queued-expense').getByText(outbox.pending)).toBeVisible();
    // Meanwhile, from another device, an expense of her own is added and the group settled.
    const me = (await membersOf(page, groupId)).find((member) => member.isMe);
    await apiExpense(page, groupId, { merchant: 'Hyra', totalOre: 500_000, memberIds: [me?.id ?? ''] });
    const settled = await page.request.post(`/api/groups/${groupId}/settle`, {
      headers: { origin: new URL(page.url()).origin },
    });
    expect(settled.status()).toBe(200);

    await page.context().setOffline(false);
    const entry = page.getByTestId('queued-expense');
    await expect(entry.getByText(outbox.settled)).toBeVisible();
    await expect(entry.getByText(outbox.notSent)).toBeVisible();
    await expectAccessible(page);
    if (shots) await page.screenshot({ path: path.join(shots, 'offline-entry-settled-390.png') });
    const onlyHyra = async () => (await savedExpenses(page, groupId)).map((e) => e.merchant);
    expect(await onlyHyra()).toEqual(['Hyra']);

    // Kept across a restart of the app, and still refused while the group stays settled.
    await page.reload();
    await page.getByRole('button', { name: outbox.retry }).click();
    await expect(page.getByRole('button', { name: outbox.retry })).toBeEnabled();
    await expect(entry.getByText(outbox.settled)).toBeVisible();
    expect(await onlyHyra()).toEqual(['Hyra']);

    expect((await offlineEntries(page))[`outbox:${userId}`]).toContain('Ved');
    await page.getByRole('button', { name: outbox.discard }).click();
    await expect(entry).toHaveCount(0);
    await expect.poll(async () => Object.keys(await offlineEntries(page))).not.toContain(`outbox:${userId}`);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Stugveckan' })).toBeVisible();
    await expect(page.getByTestId('queued-expense')).toHaveCount(0);
  });
});
