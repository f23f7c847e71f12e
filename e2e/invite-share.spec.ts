import path from 'node:path';
import type { Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { apiGroup } from './expenses-helpers.ts';
import { expect, expectAccessible, signUpInBrowser, skipCookieBanner, test } from './fixtures.ts';
import { PHONE, skipTours, userIdOf } from './pwa-helpers.ts';

const texts = sv.groups.invite;
const shots = process.env.E2E_SCREENSHOTS;
const LINK = /\/invite\/[A-Za-z0-9_-]{43}$/;

/** An owner on their new group's page with the invite dialog open; answers the dialog. */
async function openInviteDialog(page: Page, baseURL: string, group: string) {
  await skipCookieBanner(page);
  await page.goto('/');
  await signUpInBrowser(page, baseURL, 'Inga Inbjudare');
  const groupId = await apiGroup(page, group);
  await skipTours(page, await userIdOf(page), [groupId]);
  await page.goto(`/app/group/${groupId}`);
  await page.getByRole('button', { name: sv.groups.page.invite }).click();
  return page.getByRole('dialog', { name: sv.fill(texts.title, { group }) });
}

test.describe('sharing an invite', () => {
  test('the dialog opens with a working link, "Dela inbjudan" hands it to the share sheet with a Swedish message, and a new link can still be made', async ({
    newBrowser,
    baseURL,
  }) => {
    const page = await newBrowser(PHONE);
    // The share sheet as a phone's browser offers it: what it is handed is recorded for the test to read.
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { sharedWithSheet: shared });
      Object.defineProperty(Navigator.prototype, 'canShare', { configurable: true, value: () => true });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          shared.push(data);
          return Promise.resolve();
        },
      });
    });
    const dialog = await openInviteDialog(page, baseURL ?? '', 'Kräftskivan');
    const linkBox = dialog.getByRole('textbox', { name: texts.linkLabel });
    await expect(linkBox).toHaveValue(LINK);
    const url = await linkBox.inputValue();
    await expectAccessible(page);
    if (shots) await page.screenshot({ path: path.join(shots, 'invite-share-390.png') });

    await dialog.getByRole('button', { name: texts.share }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedWithSheet: ShareData[] }).sharedWithSheet))
      .toEqual([
        {
          title: sv.fill(texts.shareTitle, { group: 'Kräftskivan' }),
          text: sv.fill(texts.shareText, { group: 'Kräftskivan' }),
          url,
        },
      ]);
    const visitor = await newBrowser();
    await visitor.goto(url);
    await expect(visitor.getByText('Kräftskivan').first()).toBeVisible();

    await dialog.getByRole('button', { name: texts.createLink }).click();
    await expect(page.getByText(texts.created)).toBeVisible();
    await expect(linkBox).toHaveValue(LINK);
    expect(await linkBox.inputValue()).not.toBe(url);
  });

  test('without a share sheet "Dela inbjudan" copies the link', async ({ newBrowser, baseURL }) => {
    const page = await newBrowser();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: undefined });
    });
    const dialog = await openInviteDialog(page, baseURL ?? '', 'Bokklubben');
    const linkBox = dialog.getByRole('textbox', { name: texts.linkLabel });
    await expect(linkBox).toHaveValue(LINK);
    if (shots) await page.screenshot({ path: path.join(shots, 'invite-share-1280.png') });
    await dialog.getByRole('button', { name: texts.share }).click();
    await expect(page.getByText(texts.copied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await linkBox.inputValue());
  });
});
