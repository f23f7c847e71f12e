import type { Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { startPushService } from '../src/server/testing/push-service.ts';
import { apiExpense, apiGroup, joinAs, membersOf } from './expenses-helpers.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { signUp } from './groups-helpers.ts';

// These tests are about the installed app: its service worker must run.
test.use({ serviceWorkers: 'allow' });

const texts = sv.notifications;
const phone = { viewport: { width: 390, height: 844 }, touch: true };
const origin = (page: Page) => new URL(page.url()).origin;

/** Sets the browser's own notification permission for the site, as a person does in the site settings. */
async function setPermission(page: Page, setting: 'granted' | 'denied' | 'prompt') {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting, origin: origin(page) });
}

async function openSettings(page: Page) {
  await page.goto('/app/settings');
  const card = page.getByTestId('notifications-card');
  await expect(card.getByRole('heading', { name: texts.settings.title })).toBeVisible();
  return card;
}

for (const size of ['phone', 'desktop'] as const) {
  test(`the Notiser card says when notifications are blocked or not possible, and offers them otherwise (${size})`, async ({
    newBrowser,
  }) => {
    const page = await newBrowser(size === 'phone' ? phone : undefined);
    await signUp(page, 'Nora');
    let card = await openSettings(page);
    await expect(card.getByTestId('notifications-state')).toHaveText(texts.settings.off);
    await expect(card.getByRole('button', { name: texts.settings.enable })).toBeEnabled();
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/notiser-off-${size}.png`, fullPage: true });

    await setPermission(page, 'denied');
    card = await openSettings(page);
    await expect(card.getByText(texts.settings.denied)).toBeVisible();
    await expect(card.getByRole('button', { name: texts.settings.enable })).toHaveCount(0);
    await page.screenshot({ path: `test-results/notiser-denied-${size}.png`, fullPage: true });

    // A browser without Web Push (Safari on an iPhone before Kvitt is on the home screen).
    await page.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    card = await openSettings(page);
    await expect(card.getByText(texts.settings.unsupported)).toBeVisible();
    await expect(card.getByRole('button')).toHaveCount(0);
  });
}

test('turning notifications on where the browser cannot reach a push service says so and stays off', async ({
  page,
}) => {
  await signUp(page, 'Olle');
  await page.goto('/app/settings');
  await setPermission(page, 'granted');
  const card = await openSettings(page);
  await card.getByRole('button', { name: texts.settings.enable }).click();
  await expect(page.getByText(texts.settings.failed).first()).toBeVisible({ timeout: 30_000 });
  await expect(card.getByTestId('notifications-state')).toHaveText(texts.settings.off);
  const saved = await page.request.get('/api/push/subscription');
  expect(await saved.json()).toEqual({ endpoint: null });
});

test('the creditor reminds the payer once a day from the settlement view, and the payer’s device gets it in Swedish', async ({
  newBrowser,
}) => {
  const pushService = await startPushService();
  try {
    const anna = await newBrowser(phone);
    await signUp(anna, 'Anna');
    const groupId = await apiGroup(anna, 'Stugan');
    const bo = await newBrowser();
    await joinAs(bo, 'Bo', anna, groupId);
    const ids = Object.fromEntries((await membersOf(anna, groupId)).map((m) => [m.name, m.id]));
    await apiExpense(anna, groupId, { merchant: 'Coop', totalOre: 24_000, memberIds: [ids.Anna ?? '', ids.Bo ?? ''] });

    // Bo's phone: a subscription as a browser makes it, with the test's own keys.
    const device = pushService.device();
    const saved = await bo.request.put('/api/push/subscription', {
      data: device.subscription,
      headers: { origin: origin(bo) },
    });
    expect(saved.status()).toBe(200);

    await bo.goto(`/app/group/${groupId}`);
    await bo.getByRole('button', { name: sv.settlement.showTransfers }).click();
    const boDialog = bo.getByRole('dialog', { name: sv.settlement.dialogTitle });
    await expect(boDialog.getByTestId('transfer')).toHaveCount(1);
    await expect(boDialog.getByRole('button', { name: texts.remind.action })).toHaveCount(0);

    await anna.goto(`/app/group/${groupId}`);
    await anna.getByRole('button', { name: sv.settlement.showTransfers }).click();
    const dialog = anna.getByRole('dialog', { name: sv.settlement.dialogTitle });
    const remind = dialog.getByRole('button', {
      name: sv.fill(texts.remind.label, { name: 'Bo', amount: '120\u00a0kr' }),
    });
    const box = await remind.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(36);
    await remind.tap();
    await expect(anna.getByText(texts.remind.sent)).toBeVisible();
    await expect(dialog.getByRole('button', { name: texts.remind.sentLabel })).toBeDisabled();
    await anna.screenshot({ path: 'test-results/paminn-phone.png' });

    // The push about the expense saved before the subscription reaches the device only when it is sent after the
    // subscription was saved, which depends on timing: the reminders are counted on their own.
    const reminders = () => device.received.filter((r) => r.message.body.includes('påminner'));
    await expect
      .poll(() => reminders().map((r) => r.message.body))
      .toEqual(['Anna påminner dig om att betala 120\u00a0kr i Stugan']);
    expect(reminders()[0]?.message).toMatchObject({ title: 'Stugan', url: `/app/group/${groupId}` });
    expect(pushService.failures).toEqual([]);

    await expectAccessible(anna);

    // The next visit, on a wide screen: the button is offered again, and the server refuses a second reminder today.
    await anna.setViewportSize({ width: 1280, height: 800 });
    await anna.reload();
    await anna.getByRole('button', { name: sv.settlement.showTransfers }).click();
    await expect(dialog.getByRole('button', { name: texts.remind.action })).toBeVisible();
    await anna.screenshot({ path: 'test-results/paminn-desktop.png' });
    await dialog.getByRole('button', { name: texts.remind.action }).tap();
    await expect(anna.getByText(sv.errors.REMINDER_ALREADY_SENT)).toBeVisible();
    await expect(dialog.getByRole('button', { name: texts.remind.sentLabel })).toBeDisabled();
    expect(reminders()).toHaveLength(1);
  } finally {
    await pushService.close();
  }
});
