import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect } from './fixtures.ts';
import { groupCode, signUp } from './groups-helpers.ts';

const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

/** A group made over the API by the person signed in on `page`; answers its id. */
export async function apiGroup(page: Page, name: string): Promise<string> {
  const response = await page.request.post('/api/groups', { data: { name }, headers: origin(page) });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { group: { id: string } }).group.id;
}

/** Signs `page` up as `name` and joins the owner's group by its code. */
export async function joinAs(page: Page, name: string, owner: Page, groupId: string): Promise<void> {
  await signUp(page, name);
  const code = await groupCode(owner, groupId);
  const response = await page.request.post('/api/groups/join', { data: { code }, headers: origin(page) });
  expect(response.status()).toBe(200);
}

type Members = Array<{ id: string; name: string; isMe: boolean }>;

export async function membersOf(page: Page, groupId: string): Promise<Members> {
  const response = await page.request.get(`/api/groups/${groupId}/members`);
  return ((await response.json()) as { members: Members }).members;
}

/**
 * An expense saved over the API, paid by the person on `page` (or by `payers`, the first paying the most) and shared
 * equally by `memberIds`.
 */
export async function apiExpense(
  page: Page,
  groupId: string,
  input: {
    merchant: string;
    totalOre: number;
    category?: string;
    memberIds: string[];
    payers?: Array<{ memberId: string; amountOre: number }>;
  },
) {
  const me = (await membersOf(page, groupId)).find((member) => member.isMe);
  const response = await page.request.post(`/api/groups/${groupId}/expenses`, {
    headers: origin(page),
    data: {
      id: randomUUID(),
      totalOre: input.totalOre,
      currency: 'SEK',
      expenseDate: '2026-11-20',
      merchant: input.merchant,
      category: input.category ?? 'mat',
      note: null,
      payerMemberId: input.payers?.[0]?.memberId ?? me?.id,
      ...(input.payers ? { payers: input.payers } : {}),
      split: { method: 'equal', participants: input.memberIds.map((memberId) => ({ memberId })) },
      manualRateMicros: null,
      imageId: null,
    },
  });
  expect(response.status()).toBe(201);
}

const wizard = sv.expenses.wizard;

/** Step 1 with an amount and a merchant, on to step 2. */
export async function fillStepOne(page: Page, amount: string, merchant: string): Promise<void> {
  await page.getByLabel(sv.expenses.fields.amount, { exact: true }).fill(amount);
  await page.getByLabel(sv.expenses.fields.merchant).fill(merchant);
  await page.getByRole('button', { name: wizard.next }).click();
  await expect(page.getByRole('heading', { name: wizard.stepTitles[1] })).toBeVisible();
}

/**
 * Waits for the wizard's last step with its fields: on a first visit they may arrive a moment after its title, and a
 * tap in that moment may miss the footer's button as they push it down.
 */
export async function expectSplitStep(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: wizard.stepTitles[2] })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: wizard.methodLegend })).toBeVisible();
}
