import path from 'node:path';
import { formatMoney } from '../src/shared/format.ts';
import * as sv from '../src/shared/i18n/sv.ts';
import { icaReceiptPhoto } from '../src/server/lib/ocr/testing/receipts.ts';
import { SHARE_TARGET_PATH, SHARED_FILE_FIELD, SHARED_FILES_CACHE } from '../src/web/pwa/share-target.ts';
import { apiExpense, apiGroup, membersOf } from './expenses-helpers.ts';
import { expect, expectAccessible, signUpInBrowser, skipCookieBanner, test } from './fixtures.ts';
import { offlineEntries, PHONE, serviceWorkerInControl, signedUpWithGroups, userIdOf } from './pwa-helpers.ts';

// These tests are about the installed app: its service worker must run.
test.use({ serviceWorkers: 'allow' });

const offline = sv.pwa.offline;
const shots = process.env.E2E_SCREENSHOTS;

test.describe('installable web app', () => {
  for (const size of ['phone', 'desktop'] as const) {
    test(`Chromium finds nothing missing to install Kvitt, and the manifest is the Swedish app's (${size})`, async ({
      newBrowser,
    }) => {
      const page = await newBrowser(size === 'phone' ? PHONE : {});
      await page.goto('/');
      await serviceWorkerInControl(page);
      const cdp = await page.context().newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);

      const response = await page.request.get('/manifest.webmanifest');
      expect(response.headers()['content-type']).toContain('application/manifest+json');
      const fields = (await response.json()) as Record<string, unknown>;
      expect(fields).toMatchObject({
        name: sv.pwa.manifest.name,
        short_name: sv.pwa.manifest.shortName,
        description: sv.pwa.manifest.description,
        lang: 'sv',
        start_url: '/app',
        display: 'standalone',
        theme_color: '#0f6b62',
        background_color: '#f9fbfb',
        share_target: { action: '/app/share-target', method: 'POST', enctype: 'multipart/form-data' },
      });
      const icons = fields.icons as { src: string; sizes: string; purpose: string }[];
      expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of [...icons.map((i) => i.src), '/icons/apple-touch-icon.png']) {
        const image = await page.request.get(icon);
        expect(image.headers()['content-type']).toBe('image/png');
      }
      await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');
      await expect(page.locator('meta[name="theme-color"][media*="dark"]')).toHaveAttribute('content', '#0c1514');
    });
  }
});

test.describe('reading offline', () => {
  test('the group list and opened group pages show offline for their user only, and sign-out removes them', async ({
    newBrowser,
    baseURL,
  }) => {
    const page = await newBrowser(PHONE);
    const { userId, groupIds } = await signedUpWithGroups(page, baseURL ?? '', 'Olle Offline', [
      'Fjällresan',
      'Aldrig öppnad',
    ]);
    const [tripId = ''] = groupIds;
    const members = await membersOf(page, tripId);
    await apiExpense(page, tripId, { merchant: 'Stugan Åre', totalOre: 240_000, memberIds: members.map((m) => m.id) });

    await page.goto('/app');
    await expect(page.getByRole('heading', { name: 'Aldrig öppnad' })).toBeVisible();
    await serviceWorkerInControl(page);
    await page
      .getByRole('link', { name: /Fjällresan/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Fjällresan' })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText('Olle Offline').first()).toBeVisible();
    await page.getByRole('tab', { name: sv.groups.page.tabs.receipts }).click();
    await expect(page.getByText('Stugan Åre')).toBeVisible();
    await expect.poll(async () => (await offlineEntries(page))[`queries:${userId}`] ?? '').toContain('Stugan Åre');

    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByText(offline.title)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Fjällresan' })).toBeVisible();
    await expect(page.getByText('Stugan Åre')).toBeVisible();
    await expectAccessible(page);
    if (shots) await page.screenshot({ path: path.join(shots, 'offline-group-390.png') });
    await page.getByRole('tab', { name: sv.groups.page.tabs.balance }).click();
    await expect(page.getByRole('tabpanel').getByText('Olle Offline').first()).toBeVisible();

    await page.goto('/app');
    await expect(page.getByRole('heading', { name: 'Aldrig öppnad' })).toBeVisible();
    await page
      .getByRole('link', { name: /Aldrig öppnad/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: offline.unavailableTitle })).toBeVisible();
    if (shots) await page.screenshot({ path: path.join(shots, 'offline-unavailable-390.png') });
    await expect(page.getByRole('button', { name: sv.shell.retry })).toBeVisible();
    // Back online, the waiting page loads by itself.
    await page.context().setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Aldrig öppnad' })).toBeVisible();
    await expect(page.getByText(offline.title)).toBeHidden();

    await page.getByRole('button', { name: sv.shell.toggleSidebar }).click();
    await page.getByRole('button', { name: sv.shell.logout }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect.poll(() => offlineEntries(page)).toEqual({});
    expect(await page.evaluate(() => localStorage.getItem('kvitt:offline-session'))).toBeNull();

    // Another person signs in on the same phone: nothing of Olle's shows, online or off.
    await signUpInBrowser(page, baseURL ?? '', 'Stina Sambo');
    await page.goto('/app');
    await expect(page.getByRole('heading', { name: sv.shell.home.emptyTitle })).toBeVisible();
    await page.context().setOffline(true);
    await page.goto(`/app/group/${tripId}`);
    await expect(page.getByText(offline.title)).toBeVisible();
    await expect(page.getByRole('heading', { name: offline.unavailableTitle })).toBeVisible();
    await expect(page.getByText('Fjällresan')).toHaveCount(0);
    await page.context().setOffline(false);
  });

  test('deleting the account removes every answer kept for reading offline', async ({ page, baseURL }) => {
    await skipCookieBanner(page);
    await page.goto('/');
    await signUpInBrowser(page, baseURL ?? '', 'Radera Raderasson');
    const userId = await userIdOf(page);
    await apiGroup(page, 'Gamla gänget');
    // Nothing is kept before a signed-in page opens; looking first must not stop the app from saving later.
    expect(await offlineEntries(page)).toEqual({});
    await page.goto('/app');
    await expect(page.getByRole('heading', { name: 'Gamla gänget' })).toBeVisible();
    await expect.poll(async () => (await offlineEntries(page))[`queries:${userId}`] ?? '').toContain('Gamla gänget');
    await serviceWorkerInControl(page);
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByText(offline.title)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Gamla gänget' })).toBeVisible();
    if (shots) await page.screenshot({ path: path.join(shots, 'offline-groups-1280.png') });
    await page.context().setOffline(false);

    await page.goto('/app/settings');
    await page.getByRole('button', { name: sv.account.privacy.delete }).click();
    await page
      .getByRole('alertdialog', { name: sv.account.deleteDialog.title })
      .getByRole('button', { name: sv.account.deleteDialog.confirm })
      .click();
    await expect(page.getByText(sv.site.accountDeleted)).toBeVisible();
    await expect.poll(() => offlineEntries(page)).toEqual({});
    expect(await page.evaluate(() => localStorage.getItem('kvitt:offline-session'))).toBeNull();
  });

  test('without a connection and nothing saved, the app says it is offline with "Försök igen"', async ({
    newBrowser,
  }) => {
    const page = await newBrowser(PHONE);
    await skipCookieBanner(page);
    await page.goto('/');
    await serviceWorkerInControl(page);
    await page.context().setOffline(true);
    await page.goto('/app');
    await expect(page.getByRole('heading', { name: offline.title })).toBeVisible();
    await expect(page.getByRole('button', { name: sv.shell.retry })).toBeVisible();
    await page.context().setOffline(false);
  });
});

test.describe('sharing a photo into Kvitt', () => {
  test('a photo posted to the share target opens "Lägg till kvitto": the group is chosen, the photo attached and read', async ({
    newBrowser,
    baseURL,
  }) => {
    const page = await newBrowser(PHONE);
    const { groupIds } = await signedUpWithGroups(page, baseURL ?? '', 'Dela Delsson', ['Hushållet', 'Skidresan']);
    const [, tripId = ''] = groupIds;
    await page.goto('/app');
    await serviceWorkerInControl(page);
    const photo = await icaReceiptPhoto({ seed: 3 });

    // What the phone's share sheet does: a multipart POST of the photo to the manifest's share_target action.
    await page.evaluate(
      ({ action, field }) => {
        const form = document.createElement('form');
        form.method = 'post';
        form.enctype = 'multipart/form-data';
        form.action = action;
        const input = document.createElement('input');
        input.type = 'file';
        input.name = field;
        form.append(input);
        document.body.append(form);
      },
      { action: SHARE_TARGET_PATH, field: SHARED_FILE_FIELD },
    );
    await page
      .locator(`form[action="${SHARE_TARGET_PATH}"] input`)
      .setInputFiles({ name: 'kvitto-ica.jpg', mimeType: 'image/jpeg', buffer: photo.image });
    await page.evaluate(
      (action) => document.querySelector<HTMLFormElement>(`form[action="${action}"]`)?.submit(),
      SHARE_TARGET_PATH,
    );

    await expect(page).toHaveURL(/\/app\/add-expense\?shared=/);
    await expect(page.getByText(sv.pwa.share.lead)).toBeVisible();
    await expectAccessible(page);
    if (shots) await page.screenshot({ path: path.join(shots, 'share-target-groups-390.png') });
    await page.getByRole('link', { name: /Skidresan/ }).click();

    await expect(page).toHaveURL(new RegExp(`/app/group/${tripId}/expense/new\\?shared=`));
    await expect(page.getByText('kvitto-ica.jpg')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(sv.assist.scan.scanned)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: sv.assist.scan.title }).getByTestId('reading-amount')).toContainText(
      formatMoney(photo.receipt.expected.totalOre, 'SEK'),
    );
    if (shots) await page.screenshot({ path: path.join(shots, 'share-target-wizard-390.png') });
    // Taken once: the photo is no longer kept on the device.
    const kept = await page.evaluate(
      async (name) => (await (await caches.open(name)).keys()).length,
      SHARED_FILES_CACHE,
    );
    expect(kept).toBe(0);
  });
});

test('a share posted to the server without the service worker still lands on "Lägg till kvitto"', async ({ page }) => {
  const response = await page.request.post(SHARE_TARGET_PATH, {
    multipart: { [SHARED_FILE_FIELD]: { name: 'kvitto.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('jpeg') } },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  expect(response.headers().location).toBe('/app/add-expense');
});
