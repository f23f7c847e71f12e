import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, expectAccessible, skipCookieBanner, test, uniqueEmail } from './fixtures.ts';
import { apiPerson } from './groups-helpers.ts';

const texts = sv.onboarding;
const stepLabel = (n: number) => sv.fill(texts.step, { n, total: 3 });

async function signUp(page: Page) {
  const origin = test.info().project.use.baseURL ?? '';
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { email: uniqueEmail('guide'), password: 'hemligt123', name: 'Gustav' },
    headers: { origin },
  });
  expect(res.status()).toBe(200);
  return origin;
}

async function newGroup(page: Page, origin: string, expenses = 0) {
  const created = await page.request.post('/api/groups', {
    data: { name: `Guidegrupp ${Date.now()}` },
    headers: { origin },
  });
  const { group } = (await created.json()) as { group: { id: string; myMemberId: string } };
  for (let i = 0; i < expenses; i += 1) {
    const data = {
      id: randomUUID(),
      totalOre: 10_000,
      currency: 'SEK',
      expenseDate: '2026-11-01',
      merchant: 'ICA',
      category: 'mat',
      note: null,
      payerMemberId: group.myMemberId,
      split: { method: 'equal', participants: [{ memberId: group.myMemberId }] },
      manualRateMicros: null,
      imageId: null,
    };
    expect((await page.request.post(`/api/groups/${group.id}/expenses`, { data, headers: { origin } })).status()).toBe(
      201,
    );
  }
  return group.id;
}

/** Opens the group page with the cookie choice already made, so no answer to the banner lands on the tour. */
async function openGroup(page: Page, groupId: string) {
  await skipCookieBanner(page);
  await page.goto(`/app/group/${groupId}`);
}

const tour = (page: Page) =>
  page.getByRole('dialog', { name: /Bjud in deltagare|Lägg till första utgiften|Jämna ut med ett klick/ });

test('walks a new group through invite, first expense and settling, then stays away once done', async ({ page }) => {
  const origin = await signUp(page);
  const groupId = await newGroup(page, origin);
  await openGroup(page, groupId);
  await expect(page.getByRole('dialog', { name: texts.steps.invite.title })).toBeVisible();
  await expect(tour(page)).toContainText(stepLabel(1));
  await expectAccessible(page);
  await tour(page).getByRole('button', { name: texts.next }).click();
  await expect(page.getByRole('dialog', { name: texts.steps.addExpense.title })).toContainText(stepLabel(2));
  await tour(page).getByRole('button', { name: texts.next }).click();
  const settle = page.getByRole('dialog', { name: texts.steps.settle.title });
  await expect(settle).toContainText(stepLabel(3));
  await expect(settle).toContainText('Swish');
  await settle.getByRole('button', { name: texts.done }).click();
  await expect(tour(page)).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(tour(page)).toBeHidden();
});

test('tells a member who is not the owner whom to ask for an invite', async ({ page }) => {
  const origin = await signUp(page);
  const owner = await apiPerson(origin, 'Olga Ägare');
  const created = await owner.post('/api/groups', { data: { name: `Olgas grupp ${Date.now()}` } });
  const { group } = (await created.json()) as { group: { id: string } };
  const { code } = (await (await owner.get(`/api/groups/${group.id}/invite`)).json()) as { code: string };
  await owner.dispose();
  expect((await page.request.post('/api/groups/join', { data: { code }, headers: { origin } })).status()).toBe(200);
  await openGroup(page, group.id);
  const first = page.getByRole('dialog', { name: texts.steps.invite.title });
  await expect(first).toContainText(texts.steps.invite.textMember);
  await expect(first).not.toContainText(texts.steps.invite.text);
  await expect(page.locator('[data-tour="invite"]')).toHaveCount(0);
  await expectAccessible(page);
  const shots = process.env.E2E_SCREENSHOTS;
  if (shots) await page.screenshot({ path: `${shots}/tour-member-1280.png` });
});

test('Escape, the close button, the backdrop and "Hoppa över" each dismiss it, and "Visa guiden igen" restarts it', async ({
  page,
}) => {
  const origin = await signUp(page);
  await openGroup(page, await newGroup(page, origin));
  await expect(tour(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tour(page)).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(tour(page)).toBeHidden();

  const again = page.getByRole('button', { name: texts.showAgain });
  await again.click();
  await expect(tour(page)).toContainText(stepLabel(1));
  await tour(page).getByRole('button', { name: texts.close }).click();
  await expect(tour(page)).toBeHidden();

  await again.click();
  // The backdrop only dims: a click on the dimmed page reaches the page and dismisses the tour.
  await expect(page.getByTestId('tour-backdrop').first()).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(tour(page)).toBeHidden();

  await again.click();
  await tour(page).getByRole('button', { name: texts.next }).click();
  await tour(page).getByRole('button', { name: texts.skip }).click();
  await expect(tour(page)).toBeHidden();
});

test('following the add-expense button while the tour shows marks it seen', async ({ page }) => {
  const origin = await signUp(page);
  const groupId = await newGroup(page, origin);
  await openGroup(page, groupId);
  await tour(page).getByRole('button', { name: texts.next }).click();
  await expect(tour(page)).toContainText(stepLabel(2));
  await page.getByRole('link', { name: sv.groups.page.addExpense }).first().click();
  await expect(page).toHaveURL(new RegExp(`/app/group/${groupId}/expense/new$`));
  await openGroup(page, groupId);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(tour(page)).toBeHidden();
});

test('does not start in a group with two expenses, but does in another new group of the same user', async ({
  page,
}) => {
  const origin = await signUp(page);
  await openGroup(page, await newGroup(page, origin, 2));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: texts.showAgain })).toBeVisible();
  await expect(tour(page)).toBeHidden();
  await openGroup(page, await newGroup(page, origin, 1));
  await expect(tour(page)).toBeVisible();
  await tour(page).getByRole('button', { name: texts.next }).click();
  await tour(page).getByRole('button', { name: texts.next }).click();
  await expect(tour(page)).toContainText(stepLabel(3));
  // The third step leaves the settle button uncovered: it is the one element of the page that can be clicked.
  await page.getByRole('button', { name: sv.settlement.showTransfers }).click({ trial: true });
});

test('fits a phone in dark mode', async ({ newBrowser }) => {
  const page = await newBrowser({ viewport: { width: 375, height: 740 } });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  const origin = await signUp(page);
  await openGroup(page, await newGroup(page, origin));
  const card = tour(page);
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375 && box.y >= 0 && box.y + box.height <= 740).toBe(true);
  await expectAccessible(page);
});
