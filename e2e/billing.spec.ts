import type { Page } from '@playwright/test';
import Stripe from 'stripe';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, expectAccessible, test, uniqueEmail } from './fixtures.ts';
import { STRIPE_WEBHOOK_SECRET, stripeURL } from './playwright.config.ts';

const texts = sv.billing;
// The fake Stripe's "fail the next call" switch is shared, so these tests take turns.
test.describe.configure({ mode: 'serial' });

async function signUpAndOpenDialog(page: Page) {
  const origin = test.info().project.use.baseURL ?? '';
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email: uniqueEmail('premium'), password: 'hemligt123', name: 'Per' },
    headers: { origin },
  });
  expect(res.status()).toBe(200);
  const { user } = (await res.json()) as { user: { id: string } };
  await page.goto('/app');
  await page.getByRole('button', { name: sv.shell.cookies.necessaryOnly }).click();
  await page.getByRole('button', { name: sv.shell.upgrade }).click();
  const dialog = page.getByRole('dialog', { name: texts.title });
  await expect(dialog).toBeVisible();
  return { dialog, userId: user.id, origin };
}

test("shows Gratis and Premium with monthly and yearly prices; the free plan's current-plan button is disabled", async ({
  page,
}) => {
  const { dialog } = await signUpAndOpenDialog(page);
  const free = dialog.getByRole('region', { name: texts.plans.plus.name });
  const premium = dialog.getByRole('region', { name: texts.plans.pro.name });
  await expect(free).toContainText('0 kr');
  await expect(premium).toContainText('9 kr');
  await expect(premium).toContainText(texts.perMonth);
  for (const feature of texts.plans.plus.features) await expect(free.getByText(feature)).toBeVisible();
  for (const feature of texts.plans.pro.features) await expect(premium.getByText(feature)).toBeVisible();
  await expect(free.getByRole('button', { name: texts.currentPlan })).toBeDisabled();
  await expectAccessible(page);

  await dialog.getByRole('radio', { name: texts.yearly }).click();
  await expect(premium).toContainText('108 kr');
  await expect(premium).toContainText(texts.perYear);
  await dialog.getByRole('radio', { name: texts.monthly }).click();
  await expect(premium).toContainText('9 kr');
});

test('upgrading opens Stripe Checkout in a new tab, and the signed webhook makes the user Premium', async ({
  page,
}) => {
  const { dialog, userId, origin } = await signUpAndOpenDialog(page);
  await dialog.getByRole('radio', { name: texts.yearly }).click();
  const popup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: texts.upgrade }).click();
  const checkout = await popup;
  await expect(checkout).toHaveURL(new RegExp(`^${stripeURL}/c/pay/cs_test_`));
  await expect(page.getByText(texts.openedInNewTab)).toBeVisible();

  const payload = JSON.stringify({
    id: `evt_e2e_${Date.now()}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_e2e',
        object: 'checkout.session',
        client_reference_id: userId,
        customer: `cus_${Date.now()}`,
        status: 'complete',
        payment_status: 'paid',
        mode: 'subscription',
      },
    },
  });
  const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
    payload,
    secret: STRIPE_WEBHOOK_SECRET,
  });
  const delivered = await page.request.post(`${origin}/api/billing/webhook`, {
    data: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
  expect(delivered.status()).toBe(200);

  await page.goto('/app?premium=tack');
  await expect(page.getByText(texts.thanks)).toBeVisible();
  await expect(page).toHaveURL(/\/app$/);
  await page.getByRole('button', { name: sv.shell.upgrade }).click();
  const premium = page.getByRole('dialog', { name: texts.title }).getByRole('region', { name: texts.plans.pro.name });
  await expect(premium.getByRole('button', { name: texts.currentPlan })).toBeDisabled();
  await expect(premium.getByRole('button', { name: texts.upgrade })).toHaveCount(0);
});

test('a failed checkout says "Kunde inte skapa betalning. Försök igen." and opens nothing', async ({ page }) => {
  const { dialog } = await signUpAndOpenDialog(page);
  await page.request.post(`${stripeURL}/__fail-next`);
  let opened = false;
  page.on('popup', () => (opened = true));
  await dialog.getByRole('button', { name: texts.upgrade }).click();
  await expect(page.getByText(texts.checkoutFailed)).toBeVisible();
  await expect(dialog.getByRole('button', { name: texts.upgrade })).toBeEnabled();
  expect(opened).toBe(false);
});

test('upgrading after the session has ended says "Du måste vara inloggad för att uppgradera"', async ({ page }) => {
  const { dialog, origin } = await signUpAndOpenDialog(page);
  expect((await page.request.post('/api/auth/sign-out', { data: {}, headers: { origin } })).status()).toBe(200);
  await dialog.getByRole('button', { name: texts.upgrade }).click();
  await expect(page.getByText(texts.loginRequired)).toBeVisible();
});

test('the dialog fits a phone in dark mode', async ({ newBrowser }) => {
  const page = await newBrowser({ viewport: { width: 375, height: 740 } });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  const origin = test.info().project.use.baseURL ?? '';
  await page.request.post('/api/auth/sign-up/email', {
    data: { email: uniqueEmail('premium'), password: 'hemligt123', name: 'Per' },
    headers: { origin },
  });
  await page.goto('/app');
  await page.getByRole('button', { name: sv.shell.cookies.necessaryOnly }).click();
  await page.getByRole('button', { name: sv.shell.toggleSidebar }).click();
  await page.getByRole('button', { name: sv.shell.upgrade }).click();
  await expect(page.getByRole('dialog', { name: texts.title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
});
