import type { Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, expectAccessible, test } from './fixtures.ts';

const site = sv.site;

/** Answers the cookie banner so it does not cover the footer. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('button', { name: sv.shell.cookies.necessaryOnly }).click();
}

test.describe('landing page', () => {
  test('shows the hero, three feature cards, a login button and a working theme toggle, accessibly', async ({
    page,
  }) => {
    await open(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: sv.landing.title })).toBeVisible();
    for (const feature of sv.landing.features)
      await expect(page.getByRole('heading', { name: feature.title })).toBeVisible();
    await page.getByRole('button', { name: sv.shell.theme.dark }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectAccessible(page);
    await page.getByRole('button', { name: sv.shell.theme.light }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    await expectAccessible(page);
    await page.getByRole('banner').getByRole('link', { name: site.login }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('signs up for the newsletter, shows "Subscribed! 🎉" for three seconds, and "Failed. Try again." when refused', async ({
    page,
  }) => {
    await open(page, '/');
    const footer = page.getByRole('contentinfo');
    const email = footer.getByLabel(site.footer.newsletterLabel);
    await email.fill(`nyhet-${Date.now()}@example.se`);
    await footer.getByRole('button', { name: site.footer.subscribe }).click();
    await expect(footer.getByText(site.footer.subscribed)).toBeVisible();
    await expect(email).toHaveValue('');
    await expect(footer.getByText(site.footer.subscribed)).toBeHidden({ timeout: 5_000 });
    // The browser accepts an address without a dot in the domain; the server does not.
    await email.fill('nyhet@localhost');
    await footer.getByRole('button', { name: site.footer.subscribe }).click();
    await expect(footer.getByText(site.footer.subscribeFailed)).toBeVisible();
    await expect(email).toHaveValue('nyhet@localhost');
    await expect(footer.getByText(site.footer.subscribeFailed)).toBeHidden({ timeout: 5_000 });
  });

  test('sends a collaboration request from its dialog, and keeps the address when it fails', async ({ page }) => {
    const texts = sv.landing.collaborate;
    await open(page, '/');
    await page.getByRole('button', { name: texts.open }).click();
    const dialog = page.getByRole('dialog', { name: texts.title });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel(texts.email).fill('partner@localhost');
    await dialog.getByRole('button', { name: texts.submit }).click();
    await expect(page.getByText(texts.failure)).toBeVisible();
    await expect(page.getByText(texts.failureText)).toBeVisible();
    await expect(dialog.getByLabel(texts.email)).toHaveValue('partner@localhost');
    await dialog.getByLabel(texts.email).fill(`partner-${Date.now()}@foretag.se`);
    await dialog.getByRole('button', { name: texts.submit }).click();
    await expect(page.getByText(texts.success)).toBeVisible();
    await expect(page.getByText(texts.successText)).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test('fits a phone screen without sideways scrolling', async ({ newBrowser }) => {
    const page = await newBrowser({ viewport: { width: 375, height: 740 } });
    await open(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
  });
});

test.describe('static pages', () => {
  test('about shows vision, what we do, the four values and why Kvitt, with a way back', async ({ page }) => {
    const texts = sv.about;
    await open(page, '/about');
    for (const heading of [texts.visionTitle, texts.whatTitle, texts.valuesTitle, texts.whyTitle]) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    for (const value of texts.values)
      await expect(page.getByRole('heading', { level: 3, name: value.title })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: site.back }).click();
    await expect(page.getByRole('heading', { level: 1, name: sv.landing.title })).toBeVisible();
  });

  test('contact shows the support address and reply time; the form needs every field, "sends" and clears', async ({
    page,
  }) => {
    const texts = sv.contact;
    await open(page, '/contact');
    await expect(page.getByRole('link', { name: 'support@kvitt.se' })).toBeVisible();
    await expect(page.getByText(texts.replyTime)).toBeVisible();
    await expect(page.getByRole('textbox', { name: texts.message, exact: true })).toHaveAttribute('rows', '5');
    await expectAccessible(page);
    const form = page.getByRole('form', { name: texts.formTitle });
    const field = (name: string) => form.getByRole('textbox', { name, exact: true });
    const send = form.getByRole('button', { name: texts.send });
    await send.click();
    await expect(field(texts.name)).toHaveJSProperty('validity.valid', false);
    await field(texts.name).fill('Karin');
    await field(texts.email).fill('karin');
    await field(texts.message).fill('Hej! En fråga om Premium.');
    await send.click();
    await expect(field(texts.email)).toHaveJSProperty('validity.valid', false);
    await field(texts.email).fill('karin@example.se');
    await send.click();
    await expect(form.getByRole('button', { name: texts.sending })).toBeDisabled();
    await expect(page.getByText(texts.sent)).toBeVisible();
    for (const name of [texts.name, texts.email, texts.message]) await expect(field(name)).toHaveValue('');
  });

  test('the privacy policy has its ten sections and says what Kvitt stores, where, and for how long', async ({
    page,
  }) => {
    await open(page, '/privacy-policy');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(10);
    for (const section of sv.privacy.sections)
      await expect(page.getByRole('heading', { name: section.title })).toBeVisible();
    await expect(page.getByText(/mobilnummer \(valfritt\)/)).toBeVisible();
    await expect(page.getByText(/servrar inom EU/)).toBeVisible();
    await expect(page.getByText(/inom 30 dagar/)).toBeVisible();
    await expect(page.getByText(/bara nödvändiga kakor/)).toBeVisible();
    await expectAccessible(page);
  });
});
