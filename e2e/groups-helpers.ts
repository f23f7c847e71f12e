import { request, type APIRequestContext, type Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, uniqueEmail } from './fixtures.ts';

export const PASSWORD = 'hemligt123';

/** Answers the cookie banner (shown once per fresh browser), so it never covers buttons at the bottom. */
export async function dismissCookies(page: Page): Promise<void> {
  await page.getByRole('button', { name: sv.shell.cookies.necessaryOnly }).click();
}

/** Fills and sends the sign-up form on the page that is open (/auth in sign-up mode). */
export async function fillSignUp(page: Page, name: string, email = uniqueEmail('grupp')): Promise<string> {
  await page.getByLabel(sv.auth.name).fill(name);
  await page.getByLabel(sv.auth.email).fill(email);
  await page.getByLabel(sv.auth.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: sv.auth.signupButton, exact: true }).click();
  return email;
}

/** A new account through the real form, ending on /app. */
export async function signUp(page: Page, name: string): Promise<string> {
  await page.goto('/auth?mode=signup');
  await dismissCookies(page);
  const email = await fillSignUp(page, name);
  await expect(page).toHaveURL(/\/app$/);
  return email;
}

/** Creates a group through /app/create-group and waits for its page; answers the group id. */
export async function createGroup(page: Page, name: string, description = ''): Promise<string> {
  await page.goto('/app/create-group');
  await page.getByLabel(sv.groups.create.name).fill(name);
  if (description) await page.getByLabel(sv.groups.create.descriptionLabel).fill(description);
  await page.getByRole('button', { name: sv.groups.create.submit, exact: true }).click();
  await expect(page.getByText(sv.groups.create.created)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return /\/app\/group\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
}

/** Someone else, signed up over the API only: for filling a group quickly where their screen does not matter. */
export async function apiPerson(baseURL: string, name: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: new URL(baseURL).origin } });
  const response = await context.post('/api/auth/sign-up/email', {
    data: { email: uniqueEmail('api'), password: PASSWORD, name },
  });
  expect(response.status()).toBe(200);
  return context;
}

/** The owner's group code as the invite dialog shows it ("ABCD-EF23"), read through the owner's session. */
export async function groupCode(page: Page, groupId: string): Promise<string> {
  const response = await page.request.get(`/api/groups/${groupId}/invite`);
  return ((await response.json()) as { code: string }).code;
}
