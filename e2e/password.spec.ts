import path from 'node:path';
import type { Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, expectAccessible, signUpInBrowser, skipCookieBanner, test } from './fixtures.ts';

const texts = sv.account.password;
const shots = process.env.E2E_SCREENSHOTS;
const toast = (page: Page, text: string) => page.getByRole('region', { name: sv.shell.notifications }).getByText(text);
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Types the three fields of "Byt lösenord" key by key, clearing what was there, and sends the form. */
async function changePassword(page: Page, current: string, next: string, repeat: string): Promise<void> {
  for (const [label, value] of [
    [texts.current, current],
    [texts.new, next],
    [texts.repeat, repeat],
  ] as const) {
    await field(page, label).clear();
    await field(page, label).pressSequentially(value);
  }
  await page.getByRole('button', { name: texts.save, exact: true }).click();
}

/** Signs in through the /auth form of another browser, typing as a person does. */
async function signInElsewhere(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel(sv.auth.email, { exact: true }).pressSequentially(email);
  await page.getByLabel(sv.auth.password, { exact: true }).pressSequentially(password);
  await page.getByRole('button', { name: sv.auth.loginButton, exact: true }).click();
  await expect(page).toHaveURL(/\/app$/);
}

test('"Byt lösenord" checks the fields, changes the password and signs out every other browser, not this one', async ({
  page,
  newBrowser,
  baseURL,
}) => {
  await skipCookieBanner(page);
  const { email, password } = await signUpInBrowser(page, baseURL ?? '', 'Petra Lösen');
  const other = await newBrowser();
  await skipCookieBanner(other);
  await signInElsewhere(other, email, password);

  await page.goto('/app/settings');
  await expect(page.getByRole('heading', { name: texts.title, exact: true })).toBeVisible();
  await expectAccessible(page);

  await changePassword(page, password, 'nytt-losen', 'nytt-losne');
  await expect(page.getByText(sv.validation.passwordsDontMatch)).toBeVisible();
  await changePassword(page, password, 'kort', 'kort');
  await expect(page.getByText(sv.validation.passwordTooShort)).toBeVisible();
  await changePassword(page, 'inte-mitt-losen', 'nytt-losen', 'nytt-losen');
  await expect(page.getByText(sv.validation.currentPasswordWrong).first()).toBeVisible();
  await expect(field(page, texts.current)).toHaveAttribute('aria-invalid', 'true');
  if (shots) {
    await field(page, texts.current).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'password-errors-1280.png') });
  }

  await changePassword(page, password, 'nytt-losen', 'nytt-losen');
  await expect(toast(page, texts.saved)).toBeVisible();
  await expect(field(page, texts.current)).toHaveValue('');

  // The other browser's session is gone: its open page is sent to /auth by itself, told it was signed out.
  await expect(other).toHaveURL(/\/auth/);
  await expect(toast(other, sv.auth.sessionLost)).toBeVisible();
  expect(await (await other.request.get('/api/auth/get-session')).json()).toBeNull();
  // This browser stays signed in, and the new password is the one that works.
  await page.reload();
  await expect(page.getByRole('heading', { name: texts.title, exact: true })).toBeVisible();
  await signInElsewhere(other, email, 'nytt-losen');
});

test('"Byt lösenord" fits a phone screen', async ({ newBrowser, baseURL }) => {
  const page = await newBrowser({ viewport: { width: 390, height: 844 }, touch: true });
  await skipCookieBanner(page);
  await signUpInBrowser(page, baseURL ?? '', 'Mobil Lösen');
  await page.goto('/app/settings');
  const save = page.getByRole('button', { name: texts.save, exact: true });
  await save.scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport();
  const box = await field(page, texts.repeat).boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  if (shots) await page.screenshot({ path: path.join(shots, 'password-390.png') });
});
