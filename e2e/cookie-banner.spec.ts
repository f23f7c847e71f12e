import type { Locator, Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, test } from './fixtures.ts';
import { PHONE } from './phone-helpers.ts';

// The cookie banner comes first for Tab and screen readers, gives focus back when answered, never hides the
// focused control on a computer, and on a phone sits above the page instead of over its form.
const texts = sv.shell.cookies;
const banner = (page: Page) => page.getByRole('region', { name: texts.title });

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function focusedBox(page: Page): Promise<Box | null> {
  return page.evaluate(() => {
    // Past the last control, Tab leaves the page: the body is nothing a person looks for.
    if (document.activeElement === document.body) return null;
    const rect = document.activeElement?.getBoundingClientRect();
    return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
  });
}

/** The card of the banner (its section is a full-width band that lets clicks through around the card). */
const card = (page: Page): Locator => banner(page).locator('> div');

test('the banner is the first stop for Tab, and answering it gives focus back to where it was', async ({ page }) => {
  await page.goto('/auth');
  await expect(banner(page)).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await banner(page).evaluate((region) => region.contains(document.activeElement))).toBe(true);

  const email = page.getByLabel(sv.auth.email, { exact: true });
  await email.click();
  await email.pressSequentially('a@b.se');
  await banner(page).getByRole('button', { name: texts.necessaryOnly }).focus();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeHidden();
  await expect(email).toBeFocused();
});

test('answered before anything else had focus, focus goes to the page content', async ({ newBrowser }) => {
  const page = await newBrowser();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await banner(page).getByRole('button', { name: texts.accept }).focus();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toBeHidden();
  await expect(page.getByRole('main')).toBeFocused();
});

test('on a computer the banner never hides the control that has focus', async ({ newBrowser }) => {
  const page = await newBrowser({ viewport: { width: 1024, height: 560 } });
  await page.goto('/auth?mode=signup');
  await expect(banner(page)).toBeVisible();
  const cardBox = await card(page).boundingBox();
  expect(cardBox).not.toBeNull();
  let checked = 0;
  for (let press = 0; press < 25; press += 1) {
    await page.keyboard.press('Tab');
    if (await banner(page).evaluate((region) => region.contains(document.activeElement))) continue;
    const box = await focusedBox(page);
    if (!box || box.width === 0) continue;
    const now = await card(page).boundingBox();
    expect(overlaps(box, now ?? (cardBox as Box)), `focused control ${press + 1} is behind the banner`).toBe(false);
    checked += 1;
  }
  expect(checked).toBeGreaterThan(5);
});

test('on a phone the banner sits above the page and covers none of its controls', async ({ newBrowser }) => {
  const page = await newBrowser(PHONE);
  await page.goto('/auth');
  await expect(banner(page)).toBeVisible();
  const cardBox = (await card(page).boundingBox()) as Box;
  const controls = page.getByRole('main').locator('input, button, a[href]');
  await expect(controls.first()).toBeVisible();
  for (const control of await controls.all()) {
    const box = await control.boundingBox();
    if (box) expect(overlaps(box, cardBox), `${await control.innerText()} under the banner`).toBe(false);
  }
  // It leads the page, so the first thing read or tabbed to is the question, and it scrolls away with the top.
  expect(await page.evaluate(() => document.body.firstElementChild?.querySelector('section')?.textContent)).toContain(
    texts.title,
  );
});
