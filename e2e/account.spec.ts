import fs from 'node:fs';
import type { Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, expectAccessible, test, uniqueEmail } from './fixtures.ts';

const texts = sv.account;

/** A new account signed in through the API (same cookies as the page), with the cookie banner answered. */
async function signUp(page: Page, name = 'Karin Lund') {
  const email = uniqueEmail('konto');
  const origin = new URL(page.url() === 'about:blank' ? (test.info().project.use.baseURL ?? '') : page.url()).origin;
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'hemligt123', name },
    headers: { origin },
  });
  expect(res.status()).toBe(200);
  await page.goto('/app/settings');
  await page.getByRole('button', { name: sv.shell.cookies.necessaryOnly }).click();
  return { email, password: 'hemligt123', origin };
}

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

test('the profile form shows the saved details, enforces its rules and stores a Swish-ready number', async ({
  page,
}) => {
  await signUp(page);
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
  await expect(field(page, texts.profile.name)).toHaveValue('Karin Lund');
  await expect(field(page, texts.profile.country)).toHaveValue('Sverige');
  for (const [label, max] of [
    [texts.profile.name, '100'],
    [texts.profile.phone, '20'],
    [texts.profile.address, '200'],
    [texts.profile.postalCode, '10'],
    [texts.profile.city, '100'],
    [texts.profile.country, '100'],
  ] as const) {
    await expect(field(page, label)).toHaveAttribute('maxlength', max);
  }
  await expectAccessible(page);

  await field(page, texts.profile.name).fill('   ');
  await page.getByRole('button', { name: texts.profile.save }).click();
  await expect(page.getByRole('listitem').getByText(sv.validation.nameRequired)).toBeVisible();
  await expect(field(page, texts.profile.name)).toHaveAttribute('aria-invalid', 'true');

  await field(page, texts.profile.name).fill('  Karin Ek ');
  await field(page, texts.profile.phone).fill('+46 70 123 45 67');
  await field(page, texts.profile.address).fill('Storgatan 1');
  await field(page, texts.profile.postalCode).fill('123 45');
  await field(page, texts.profile.city).fill('Umeå');
  await page.getByRole('button', { name: texts.profile.save }).click();
  await expect(page.getByText(texts.profile.saved)).toBeVisible();
  // Stored Swish-ready as ten digits, shown the way it is everywhere else.
  await expect(field(page, texts.profile.phone)).toHaveValue('070-123 45 67');
  const stored = (await (await page.request.get('/api/account/profile')).json()) as { phone: string };
  expect(stored.phone).toBe('0701234567');
  await expect(field(page, texts.profile.name)).toHaveValue('Karin Ek');

  await page.reload();
  await expect(field(page, texts.profile.city)).toHaveValue('Umeå');
  await expect(page.getByRole('navigation', { name: sv.shell.nav.label }).getByText('Karin Ek')).toBeVisible();
});

test('exports everything as an indented kvitt-data-YYYY-MM-DD.json file', async ({ page }) => {
  const { email } = await signUp(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: texts.privacy.export }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kvitt-data-\d{4}-\d{2}-\d{2}\.json$/);
  const text = fs.readFileSync(await download.path(), 'utf8');
  expect(text).toContain('\n  "account": {');
  const data = JSON.parse(text) as { account: { email: string }; profile: { country: string } };
  expect(data.account.email).toBe(email);
  expect(data.profile.country).toBe('Sverige');
  await expect(page.getByText(texts.privacy.exported)).toBeVisible();
});

test('deleting the account asks first, lists what goes, then signs out and returns to the start page', async ({
  page,
}) => {
  const { email, password, origin } = await signUp(page);
  await page.getByRole('button', { name: texts.privacy.delete }).click();
  const dialog = page.getByRole('alertdialog', { name: texts.deleteDialog.title });
  for (const item of texts.deleteDialog.items) await expect(dialog.getByText(item)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: texts.deleteDialog.cancel }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: texts.privacy.delete }).click();
  await dialog.getByRole('button', { name: texts.deleteDialog.confirm }).click();
  await expect(page.getByText(sv.site.accountDeleted)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: sv.landing.title })).toBeVisible();

  await page.goto('/app/settings');
  await expect(page).toHaveURL(/\/auth/);
  const again = await page.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin } });
  expect(again.status()).toBe(401);
});

test('the "Valutainställningar" quick action opens the account settings', async ({ page }) => {
  await signUp(page);
  await page.goto('/app');
  await page.getByRole('link', { name: sv.shell.quick.currency }).click();
  await expect(page).toHaveURL(/\/app\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible();
});

test('the settings page works on a phone in dark mode', async ({ newBrowser }) => {
  const page = await newBrowser({ viewport: { width: 375, height: 740 } });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await signUp(page);
  await expect(field(page, texts.profile.name)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
});
