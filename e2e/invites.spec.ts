import fs from 'node:fs';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { formatInviteCode } from '../src/shared/domain/invite-code.ts';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { apiPerson, createGroup, dismissCookies, fillSignUp, groupCode, signUp } from './groups-helpers.ts';

const texts = sv.groups;

/** Opens the owner's invite dialog on the group page and makes a fresh link; answers the dialog and the URL. */
async function newInviteLink(page: Page, groupName: string) {
  await page.getByRole('button', { name: texts.page.invite }).click();
  const dialog = page.getByRole('dialog', { name: sv.fill(texts.invite.title, { group: groupName }) });
  await dialog.getByRole('button', { name: texts.invite.createLink }).click();
  await expect(page.getByText(texts.invite.created)).toBeVisible();
  const url = await dialog.getByRole('textbox', { name: texts.invite.linkLabel }).inputValue();
  return { dialog, url };
}

test.describe('invites', () => {
  test('a visitor signed out opens the link, signs up, comes back, joins, and appears at the owner without a reload', async ({
    page,
    newBrowser,
  }) => {
    await signUp(page, 'Ägaren Olle');
    await createGroup(page, 'Fjällresan');
    const { dialog, url } = await newInviteLink(page, 'Fjällresan');
    expect(url).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: sv.shell.close }).click();
    await page.getByRole('tab', { name: texts.page.tabs.members }).click();
    const sidebarCount = page.getByRole('navigation', { name: sv.shell.nav.label }).getByTestId('sidebar-member-count');
    await expect(sidebarCount).toContainText('1');

    const guest = await newBrowser();
    await guest.goto(url);
    await dismissCookies(guest);
    await expect(guest.getByRole('heading', { level: 1, name: 'Fjällresan' })).toBeVisible();
    await expect(guest.getByText(texts.invitePage.signupPrompt)).toBeVisible();
    await expectAccessible(guest);
    const token = url.split('/invite/')[1] ?? '';
    expect(await guest.evaluate(() => sessionStorage.getItem('kvitt.pendingInvite'))).toBe(token);
    await guest.getByRole('link', { name: texts.invitePage.signup }).click();
    await expect(guest).toHaveURL(/\/auth\?redirect=\/invite\//);
    await fillSignUp(guest, 'Gästen Greta');
    await expect(guest).toHaveURL(new RegExp(`/invite/${token}$`));
    await guest.getByRole('button', { name: texts.invitePage.join }).click();
    await expect(guest.getByText(sv.fill(texts.invitePage.joined, { group: 'Fjällresan' }))).toBeVisible();
    await expect(guest.getByRole('heading', { level: 1, name: 'Fjällresan' })).toBeVisible();
    await expect(guest).toHaveURL(/\/app\/group\//);

    await expect(page.getByRole('tabpanel', { name: texts.page.tabs.members }).getByText('Gästen Greta')).toBeVisible();
    await expect(page.getByTestId('group-member-count')).toHaveText('2 medlemmar');
    await expect(sidebarCount).toContainText('2');
  });

  test('the QR code downloads as a 300×300 PNG that decodes to the invite link', async ({ page }) => {
    await signUp(page, 'QR-ägaren');
    await createGroup(page, 'Kräftskivan');
    const { dialog, url } = await newInviteLink(page, 'Kräftskivan');
    await dialog.getByRole('tab', { name: texts.invite.tabs.qr }).click();
    await expect(
      dialog.getByRole('img', { name: sv.fill(texts.invite.qrAlt, { group: 'Kräftskivan' }) }),
    ).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: texts.invite.download }).click(),
    ]);
    const png = fs.readFileSync(await download.path());
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([300, 300]);
    expect(jsQR.default(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(url);
  });

  test('a revoked link says "Denna inbjudan har återkallats" and the dialog is left without link and QR', async ({
    page,
    newBrowser,
  }) => {
    await signUp(page, 'Återkallaren');
    await createGroup(page, 'Stängd grupp');
    const { dialog, url } = await newInviteLink(page, 'Stängd grupp');
    await dialog.getByRole('button', { name: texts.invite.revoke }).click();
    await expect(page.getByText(texts.invite.revoked)).toBeVisible();
    await expect(dialog.getByText(texts.invite.noLink)).toBeVisible();
    await dialog.getByRole('tab', { name: texts.invite.tabs.qr }).click();
    await expect(dialog.getByText(texts.invite.qrNeedsLink)).toBeVisible();

    const visitor = await newBrowser();
    await visitor.goto(url);
    await expect(visitor.getByRole('heading', { level: 1, name: texts.invitePage.revoked })).toBeVisible();
    await visitor.goto(`${url.slice(0, -4)}AAAA`);
    await expect(visitor.getByRole('heading', { level: 1, name: texts.invitePage.notFound })).toBeVisible();
    await expectAccessible(visitor);
  });

  test('a code typed in lower case with spaces joins; an empty or wrong code is explained', async ({
    page,
    newBrowser,
  }) => {
    await signUp(page, 'Kodägaren');
    const groupId = await createGroup(page, 'Korpen');
    await page.getByRole('button', { name: texts.page.invite }).click();
    await page.getByRole('tab', { name: texts.invite.tabs.code }).click();
    const code = await groupCode(page, groupId);
    await expect(page.getByTestId('invite-code')).toHaveText(formatInviteCode(code));
    await expect(page.getByText(texts.invite.codeHint)).toBeVisible();

    const guest = await newBrowser({ viewport: { width: 375, height: 740 } });
    await signUp(guest, 'Kodgästen');
    await guest.goto('/app/join');
    const input = guest.getByLabel(texts.join.code);
    await guest.getByRole('button', { name: texts.join.submit, exact: true }).click();
    await expect(guest.getByText(sv.validation.codeRequired)).toBeVisible();
    await input.pressSequentially('zzzz zzzz');
    await expect(input).toHaveValue('ZZZZ ZZZZ');
    await guest.getByRole('button', { name: texts.join.submit, exact: true }).click();
    await expect(guest.getByText(sv.errors.INVALID_CODE)).toBeVisible();
    await expectAccessible(guest);
    const typed = ` ${code.slice(0, 3)} ${code.slice(3)} `.toLowerCase();
    await input.fill('');
    await input.pressSequentially(typed);
    await expect(input).toHaveValue(typed.toUpperCase());
    await guest.getByRole('button', { name: texts.join.submit, exact: true }).click();
    await expect(guest.getByRole('heading', { level: 1, name: 'Korpen' })).toBeVisible();
  });

  test('the sixth member of a free group is refused with the plan limit named, and nobody is half-joined', async ({
    page,
    newBrowser,
    baseURL,
  }) => {
    await signUp(page, 'Fulla Fia');
    const groupId = await createGroup(page, 'Fem är max');
    const code = await groupCode(page, groupId);
    for (const name of ['Två', 'Tre', 'Fyra', 'Fem']) {
      const person = await apiPerson(baseURL ?? '', name);
      expect((await person.post('/api/groups/join', { data: { code } })).status()).toBe(200);
      await person.dispose();
    }
    await expect(page.getByTestId('group-member-count')).toHaveText('5 medlemmar');

    const sixth = await newBrowser();
    await signUp(sixth, 'Sjätte Sam');
    await sixth.goto('/app/join');
    await sixth.getByLabel(texts.join.code).fill(code);
    await sixth.getByRole('button', { name: texts.join.submit, exact: true }).click();
    await expect(sixth.getByText(sv.errors.GROUP_FULL)).toBeVisible();
    await expect(
      sixth.getByRole('navigation', { name: sv.shell.nav.label }).getByText(texts.sidebar.empty),
    ).toBeVisible();
    await expect(page.getByTestId('group-member-count')).toHaveText('5 medlemmar');
  });
});
