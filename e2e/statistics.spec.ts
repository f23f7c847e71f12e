import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, expectAccessible, test, uniqueEmail } from './fixtures.ts';

const texts = sv.statistics;

async function signUp(page: Page) {
  const origin = test.info().project.use.baseURL ?? '';
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email: uniqueEmail('stat'), password: 'hemligt123', name: 'Stina' },
    headers: { origin },
  });
  expect(res.status()).toBe(200);
  return origin;
}

/** A group of one with expenses the user paid, through the same API the app uses. */
async function groupWithExpenses(
  page: Page,
  origin: string,
  currency: 'SEK' | 'EUR',
  expenses: Array<{ totalOre: number; expenseDate: string; category: string }>,
) {
  const created = await page.request.post('/api/groups', {
    data: { name: `Grupp i ${currency}`, currency },
    headers: { origin },
  });
  expect(created.status()).toBe(201);
  const { group } = (await created.json()) as { group: { id: string; myMemberId: string } };
  for (const expense of expenses) {
    const res = await page.request.post(`/api/groups/${group.id}/expenses`, {
      headers: { origin },
      data: {
        id: randomUUID(),
        ...expense,
        currency,
        merchant: 'ICA',
        note: null,
        payerMemberId: group.myMemberId,
        split: { method: 'equal', participants: [{ memberId: group.myMemberId }] },
        manualRateMicros: null,
        imageId: null,
      },
    });
    expect(res.status()).toBe(201);
  }
}

test('a new user sees the empty state with a way to their groups', async ({ page }) => {
  await signUp(page);
  await page.goto('/app/statistics');
  await page.getByRole('button', { name: sv.shell.cookies.necessaryOnly }).click();
  await expect(page.getByRole('heading', { name: texts.emptyTitle })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: texts.emptyAction }).click();
  await expect(page).toHaveURL(/\/app$/);
});

test('shows spending per month, category and group, one currency at a time, with tables for screen readers', async ({
  page,
}) => {
  const origin = await signUp(page);
  await groupWithExpenses(page, origin, 'SEK', [
    { totalOre: 12_000, expenseDate: '2026-09-05', category: 'mat' },
    { totalOre: 30_050, expenseDate: '2026-11-02', category: 'logi' },
  ]);
  await groupWithExpenses(page, origin, 'EUR', [{ totalOre: 4_000, expenseDate: '2026-10-10', category: 'transport' }]);
  await page.goto('/app/statistics');
  await page.getByRole('button', { name: sv.shell.cookies.necessaryOnly }).click();

  const figures = page.getByRole('definition');
  await expect(figures.first()).toHaveText('420,50 kr');
  await expect(page.getByRole('table', { name: `${texts.perMonth} i SEK` }).getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('table', { name: `${texts.perMonth} i SEK` })).toContainText('oktober 2026');
  await expect(page.getByRole('table', { name: `${texts.perCategory} i SEK` })).toContainText('Logi');
  await expect(page.getByRole('table', { name: `${texts.perGroup} i SEK` })).toContainText('Grupp i SEK');
  await expect(page.locator('.recharts-wrapper')).toHaveCount(3);
  await expectAccessible(page);

  await page.getByRole('radio', { name: 'EUR' }).click();
  await expect(figures.first()).toHaveText('40 €');
  await expect(page.getByRole('table', { name: `${texts.perCategory} i EUR` })).toContainText('Transport');
  await expect(page.getByText(texts.currencyHint)).toBeVisible();
});

test('the statistics page fits a phone in dark mode', async ({ newBrowser }) => {
  const page = await newBrowser({ viewport: { width: 375, height: 740 } });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  const origin = await signUp(page);
  await groupWithExpenses(page, origin, 'SEK', [{ totalOre: 9_900, expenseDate: '2026-11-01', category: 'nöje' }]);
  await page.goto('/app/statistics');
  await page.getByRole('button', { name: sv.shell.cookies.necessaryOnly }).click();
  await expect(page.locator('.recharts-wrapper')).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
});
