import path from 'node:path';
import type { Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, signUpInBrowser, test } from './fixtures.ts';

// Overlays take clicks only where they draw: with the cookie banner showing (no choice stored), what lies beside or
// below its card must still answer a click or a tap.
const shots = process.env.E2E_SCREENSHOTS;
const banner = (page: Page) => page.getByRole('region', { name: sv.shell.cookies.title });
const toast = (page: Page, text: string) => page.getByRole('region', { name: sv.shell.notifications }).getByText(text);

test('"Logga ut" in the sidebar signs out with the cookie banner showing, at 1280 and at 1024 px wide', async ({
  newBrowser,
  baseURL,
}) => {
  for (const width of [1280, 1024]) {
    const page = await newBrowser({ viewport: { width, height: 800 } });
    await signUpInBrowser(page, baseURL ?? '', 'Banner Bengtsson');
    await page.goto('/app');
    await expect(banner(page)).toBeVisible();
    const logOut = page
      .getByRole('navigation', { name: sv.shell.nav.label })
      .getByRole('button', { name: sv.shell.logout });
    await expect(logOut).toBeInViewport();
    if (shots) await page.screenshot({ path: path.join(shots, `banner-sidebar-${width}.png`) });
    await logOut.click();
    await expect(toast(page, sv.auth.loggedOut)).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
    await expect(banner(page)).toBeVisible();
  }
});

test('on a phone, "Har du redan ett konto? Logga in" can be tapped with the cookie banner showing', async ({
  newBrowser,
}) => {
  const page = await newBrowser({ viewport: { width: 390, height: 844 }, touch: true });
  await page.goto('/auth');
  await expect(banner(page)).toBeVisible();
  await page.getByRole('button', { name: sv.auth.toSignup }).tap();
  // Sending the empty form adds a message under each field, which pushes the link down behind the banner.
  await page.getByRole('button', { name: sv.auth.signupButton, exact: true }).tap();
  await expect(page.getByText(sv.validation.nameRequired)).toBeVisible();
  const toLogin = page.getByRole('button', { name: sv.auth.toLogin });
  if (shots) await page.screenshot({ path: path.join(shots, 'banner-auth-390.png') });
  await toLogin.tap();
  await expect(page.getByRole('heading', { level: 1, name: sv.auth.loginTitle })).toBeVisible();
  await expect(banner(page)).toBeVisible();
  if (shots) await page.screenshot({ path: path.join(shots, 'banner-auth-390-after.png') });
});
