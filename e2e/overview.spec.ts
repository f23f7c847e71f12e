import type { Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { groupOfTwo, PHONE } from './phone-helpers.ts';

const overview = sv.groups.overview;
const list = sv.expenses.list;
const shots = process.env.E2E_SCREENSHOTS;

test('on a phone, /app sums up what you owe in all groups and a search finds a receipt by shop or amount', async ({
  newBrowser,
  baseURL,
}) => {
  const anna = await newBrowser();
  const bo = await newBrowser(PHONE);
  const { groupId } = await groupOfTwo(anna, bo, baseURL ?? '');

  // Anna paid 300 kr for both, Bo 100 kr for both: Bo owes Anna 100 kr.
  await bo.goto('/app');
  const panel = bo.getByRole('region', { name: overview.title });
  await expect(panel.getByRole('definition').first()).toHaveText('100\u00a0kr');
  const first = panel.getByRole('link', { name: /Stugan i Sälen/ });
  await expect(first).toContainText(sv.fill(overview.groupOwes, { amount: '100\u00a0kr' }));
  await expectAccessible(bo);
  if (shots) await bo.screenshot({ path: `${shots}/overview-phone.png`, fullPage: true });

  await anna.goto('/app');
  await expect(anna.getByRole('region', { name: overview.title }).getByRole('link')).toContainText(
    sv.fill(overview.groupOwed, { amount: '100\u00a0kr' }),
  );

  await first.tap();
  await expect(bo).toHaveURL(new RegExp(`/app/group/${groupId}\\?tab=balance`));

  await bo.getByRole('tab', { name: sv.groups.page.tabs.receipts }).tap();
  const items = bo.getByTestId('expense-item');
  await expect(items).toHaveCount(2);
  const search = bo.getByRole('searchbox', { name: list.searchLabel });
  await search.pressSequentially('system');
  await expect(items).toHaveCount(1);
  await expect(items).toContainText('Systembolaget');
  await search.fill('');
  await search.pressSequentially('300');
  await expect(items).toHaveCount(1);
  await expect(items).toContainText('ICA Maxi Stormarknad');
  await search.fill('');
  await search.pressSequentially('Willys');
  await expect(bo.getByRole('status').filter({ hasText: sv.fill(list.noMatches, { query: 'Willys' }) })).toBeVisible();
  if (shots) await bo.screenshot({ path: `${shots}/search-phone.png` });
  await search.fill('');
  await expect(items).toHaveCount(2);

  // Once Bo has paid, everything is even in every group.
  const settleUp = await bo.request.post(`/api/groups/${groupId}/settlements`, {
    headers: { origin: new URL(bo.url()).origin },
    data: await firstTransfer(bo, groupId),
  });
  expect(settleUp.status()).toBe(200);
  await bo.goto('/app');
  await expect(bo.getByRole('region', { name: overview.title })).toContainText(overview.even);
});

async function firstTransfer(page: Page, groupId: string) {
  const answer = await page.request.get(`/api/groups/${groupId}/settlement`);
  const { transfers } = (await answer.json()) as {
    transfers: Array<{ fromMemberId: string; toMemberId: string; amountOre: number }>;
  };
  const [transfer] = transfers;
  if (!transfer) throw new Error('no transfer proposed');
  return { fromMemberId: transfer.fromMemberId, toMemberId: transfer.toMemberId, amountOre: transfer.amountOre };
}
