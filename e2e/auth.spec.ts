import type { APIRequestContext, Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import {
  expect,
  expectAccessible,
  readOutboxLink,
  signUpInBrowser,
  skipCookieBanner,
  test,
  TEST_PASSWORD,
  uniqueEmail,
} from './fixtures.ts';

const texts = sv.auth;

test.beforeEach(async ({ page }) => {
  await skipCookieBanner(page);
});

const nameField = (page: Page) => page.getByLabel(texts.name, { exact: true });
const emailField = (page: Page) => page.getByLabel(texts.email, { exact: true });
const passwordField = (page: Page) => page.getByLabel(texts.password, { exact: true });
const toast = (page: Page, text: string) => page.getByRole('region', { name: sv.shell.notifications }).getByText(text);

/** Fills the login form of the open /auth page and sends it. */
async function logIn(page: Page, email: string, password: string): Promise<void> {
  await emailField(page).fill(email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: texts.loginButton, exact: true }).click();
}

/** An account made over the API in its own request context, so the page stays signed out. */
async function existingAccount(request: APIRequestContext, baseURL: string): Promise<string> {
  const email = uniqueEmail('finns');
  const response = await request.post('/api/auth/sign-up/email', {
    data: { email, password: TEST_PASSWORD, name: 'Finns Redan' },
    headers: { origin: new URL(baseURL).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  return email;
}

/** Requests a reset link through /forgot-password and answers the link from the outbox. */
async function requestResetLink(page: Page, email: string): Promise<string> {
  await page.goto('/forgot-password');
  await emailField(page).fill(email);
  await page.getByRole('button', { name: texts.forgotButton }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts.forgotSentTitle })).toBeVisible();
  await expect(page.getByText(sv.fill(texts.forgotSentText, { email }))).toBeVisible();
  await expect(toast(page, texts.forgotSentToast)).toBeVisible();
  return readOutboxLink(email);
}

test.describe('sign-up and login on /auth', () => {
  test('one form toggles to sign-up, says "Konto skapat!" and opens /app; logging out and in again says "Inloggad!"', async ({
    page,
  }) => {
    const email = uniqueEmail('ny');
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: texts.loginTitle })).toBeVisible();
    await expect(nameField(page)).toHaveCount(0);
    await page.getByRole('button', { name: texts.toSignup }).click();
    await expect(page.getByRole('heading', { level: 1, name: texts.signupTitle })).toBeVisible();
    await nameField(page).fill('Nora Nilsson');
    await emailField(page).fill(email);
    await passwordField(page).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: texts.signupButton, exact: true }).click();
    await expect(toast(page, texts.accountCreated)).toBeVisible();
    await expect(page).toHaveURL(/\/app$/);
    const sidebar = page.getByRole('navigation', { name: sv.shell.nav.label });
    await expect(sidebar.getByText('Nora Nilsson')).toBeVisible();

    await sidebar.getByRole('button', { name: sv.shell.logout }).click();
    await expect(toast(page, texts.loggedOut)).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    // Signed out for real: the guard turns /app away.
    await page.goto('/app');
    await expect(page).toHaveURL(/\/auth\?redirect=\/app$/);

    await logIn(page, email, TEST_PASSWORD);
    await expect(toast(page, texts.loggedIn)).toBeVisible();
    await expect(page).toHaveURL(/\/app$/);
    await expect(sidebar.getByText(email)).toBeVisible();
  });

  test("shows the server's Swedish error for a wrong password and for an e-mail that already has an account", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = await existingAccount(request, baseURL ?? '');
    await page.goto('/auth');
    await logIn(page, email, 'fel-losenord');
    await expect(page.getByRole('alert')).toHaveText(sv.errors.INVALID_CREDENTIALS);
    await expect(page).toHaveURL(/\/auth$/);

    await page.getByRole('button', { name: texts.toSignup }).click();
    await nameField(page).fill('Någon Annan');
    await emailField(page).fill(email);
    await passwordField(page).fill(TEST_PASSWORD);
    await page.getByRole('button', { name: texts.signupButton, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(sv.errors.EMAIL_TAKEN);
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('checks the fields before sending: e-mail required, password at least 6, name only when signing up', async ({
    page,
  }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/auth/')) sent.push(request.url());
    });
    const v = sv.validation;
    await page.goto('/auth');
    const submitLogin = page.getByRole('button', { name: texts.loginButton, exact: true });

    await submitLogin.click();
    await expect(emailField(page)).toHaveAccessibleDescription(v.emailRequired);
    await expect(passwordField(page)).toHaveAccessibleDescription(v.passwordTooShort);
    await expect(emailField(page)).toBeFocused();

    await emailField(page).fill('kalle@example.se');
    await passwordField(page).fill('12345');
    await expect(emailField(page)).not.toHaveAttribute('aria-invalid', 'true');
    await submitLogin.click();
    await expect(passwordField(page)).toHaveAccessibleDescription(v.passwordTooShort);
    expect(sent).toEqual([]);

    // Sign-up needs a name too; the same values with a 6-character password are otherwise valid.
    await page.getByRole('button', { name: texts.toSignup }).click();
    await passwordField(page).fill('123456');
    await page.getByRole('button', { name: texts.signupButton, exact: true }).click();
    await expect(nameField(page)).toHaveAccessibleDescription(v.nameRequired);
    await expect(nameField(page)).toBeFocused();
    await nameField(page).fill('   ');
    await page.getByRole('button', { name: texts.signupButton, exact: true }).click();
    await expect(nameField(page)).toHaveAccessibleDescription(v.nameRequired);
    expect(sent).toEqual([]);

    // Back in login mode no name is asked for: the form goes to the server, which knows no such account.
    await page.getByRole('button', { name: texts.toLogin }).click();
    await expect(nameField(page)).toHaveCount(0);
    await submitLogin.click();
    await expect(page.getByRole('alert')).toHaveText(sv.errors.INVALID_CREDENTIALS);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('/api/auth/sign-in/email');
  });

  test('the login, forgot-password and reset-password pages have no serious accessibility problem', async ({
    page,
  }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: texts.loginTitle })).toBeVisible();
    await page.getByRole('button', { name: texts.loginButton, exact: true }).click();
    await expect(emailField(page)).toHaveAccessibleDescription(sv.validation.emailRequired);
    await expectAccessible(page);
    await page.getByRole('button', { name: texts.toSignup }).click();
    await expect(nameField(page)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: texts.toLogin }).click();
    await page.getByRole('link', { name: texts.forgotLink }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: texts.forgotTitle })).toBeVisible();
    await expectAccessible(page);

    // A token the server never made says so at once (the form with a real link is checked in the reset test below).
    await page.goto('/reset-password?token=abc');
    await expect(page.getByRole('heading', { level: 1, name: texts.resetTitle })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(sv.errors.INVALID_RESET_TOKEN);
    await expectAccessible(page);
    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toHaveText(texts.resetMissingToken);
    await expectAccessible(page);
  });
});

test.describe('forgotten password', () => {
  test('the e-mailed link sets a new password once: mismatch and short passwords are refused, then "Lösenord uppdaterat!" on /app, signed in', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = await existingAccount(request, baseURL ?? '');
    await page.goto('/auth');
    await page.getByRole('link', { name: texts.forgotLink }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByRole('button', { name: texts.forgotButton }).click();
    await expect(emailField(page)).toHaveAccessibleDescription(sv.validation.emailRequired);
    const link = await requestResetLink(page, email);

    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: texts.resetTitle })).toBeVisible();
    const newPassword = page.getByLabel(texts.newPassword, { exact: true });
    const repeat = page.getByLabel(texts.repeatPassword, { exact: true });
    const save = page.getByRole('button', { name: texts.resetButton });
    await newPassword.fill('nytt-losen');
    await repeat.fill('nytt-lösen');
    await save.click();
    await expect(repeat).toHaveAccessibleDescription(sv.validation.passwordsDontMatch);
    await newPassword.fill('kort');
    await repeat.fill('kort');
    await save.click();
    await expect(newPassword).toHaveAccessibleDescription(sv.validation.passwordTooShort);
    await expectAccessible(page);

    await newPassword.fill('nytt-losen');
    await repeat.fill('nytt-losen');
    await save.click();
    await expect(toast(page, texts.resetDone)).toBeVisible();
    // The reset ends every other session and signs this browser in with the new password.
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole('navigation', { name: sv.shell.nav.label })).toBeVisible();
    await page
      .getByRole('navigation', { name: sv.shell.nav.label })
      .getByRole('button', { name: sv.shell.logout })
      .click();
    await expect(page).toHaveURL(/\/auth$/);
    await logIn(page, email, TEST_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText(sv.errors.INVALID_CREDENTIALS);
    await logIn(page, email, 'nytt-losen');
    await expect(page).toHaveURL(/\/app$/);
    await expect(toast(page, texts.loggedIn)).toBeVisible();

    // The same link a second time says it is used before anything is typed.
    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText(sv.errors.INVALID_RESET_TOKEN);
    await expect(newPassword).toHaveCount(0);
    await expect(page.getByRole('link', { name: texts.requestNewLink })).toBeVisible();
  });

  test('asking for an e-mail without an account shows the same confirmation and sends nothing', async ({
    page,
    request,
    baseURL,
  }) => {
    const unknown = uniqueEmail('okand');
    await page.goto('/forgot-password');
    await emailField(page).fill(unknown);
    await page.getByRole('button', { name: texts.forgotButton }).click();
    await expect(page.getByRole('heading', { level: 1, name: texts.forgotSentTitle })).toBeVisible();
    await expect(page.getByText(sv.fill(texts.forgotSentText, { email: unknown }))).toBeVisible();
    await expect(toast(page, texts.forgotSentToast)).toBeVisible();
    // A request for a real account made afterwards has its mail by now; the unknown address still has none.
    await requestResetLink(page, await existingAccount(request, baseURL ?? ''));
    await expect(readOutboxLink(unknown, { waitMs: 0 })).rejects.toThrow(/no mail/);
  });
});

test.describe('login guard and redirects', () => {
  test('a deep /app page opened signed out asks for login and returns there afterwards', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = await existingAccount(request, baseURL ?? '');
    await page.goto('/app/some/deep/page?tab=kvitton');
    await expect(page).toHaveURL(/\/auth\?redirect=\/app\/some\/deep\/page%3Ftab%3Dkvitton$/);
    await logIn(page, email, TEST_PASSWORD);
    await expect(page).toHaveURL(/\/app\/some\/deep\/page\?tab=kvitton$/);
    await expect(page.getByRole('navigation', { name: sv.shell.nav.label })).toBeVisible();
  });

  test('a redirect to another site ends on /app instead', async ({ page, request, baseURL }) => {
    const email = await existingAccount(request, baseURL ?? '');
    const app = `${baseURL}/app`;
    await page.goto('/auth?redirect=https://evil.example');
    await logIn(page, email, TEST_PASSWORD);
    await expect(page).toHaveURL(app);
    for (const target of ['//evil.example', '/\\evil.example', encodeURIComponent('/\\evil.example')]) {
      await page.goto(`/auth?redirect=${target}`);
      await expect(page).toHaveURL(app);
      await expect(page.getByRole('navigation', { name: sv.shell.nav.label })).toBeVisible();
    }
  });

  test('logging out in a second tab sends the first tab from /app to login by itself', async ({
    page,
    context,
    baseURL,
  }) => {
    await signUpInBrowser(page, baseURL ?? '');
    await page.goto('/app/create-group');
    await expect(page.getByRole('navigation', { name: sv.shell.nav.label })).toBeVisible();
    const second = await context.newPage();
    await second.goto('/app');
    await second
      .getByRole('navigation', { name: sv.shell.nav.label })
      .getByRole('button', { name: sv.shell.logout })
      .click();
    await expect(second).toHaveURL(/\/auth$/);

    await expect(page).toHaveURL(/\/auth\?redirect=\/app\/create-group$/);
    await expect(toast(page, texts.sessionLost)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: texts.loginTitle })).toBeVisible();
  });

  test('an expired session sends /app to login at the next step', async ({ page, context, baseURL }) => {
    await signUpInBrowser(page, baseURL ?? '');
    // The page's own reads (the live-update stream, the sidebar's groups) finish first: a read still under way when
    // the cookies go would notice the lost session itself and leave for /auth before the step this test takes.
    const streamOpen = page.waitForResponse((response) => response.url().endsWith('/api/events'));
    await page.goto('/app/create-group');
    const sidebar = page.getByRole('navigation', { name: sv.shell.nav.label });
    await expect(sidebar.getByText(sv.groups.sidebar.empty)).toBeVisible();
    expect((await streamOpen).status()).toBe(200);
    await context.clearCookies();
    await sidebar.getByRole('link', { name: sv.shell.nav.home }).click();
    await expect(page).toHaveURL(/\/auth\?redirect=\/app$/);
    await expect(toast(page, texts.sessionLost)).toBeVisible();
  });
});
