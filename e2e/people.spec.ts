import type { Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, expectAccessible, signUpInBrowser, skipCookieBanner, test } from './fixtures.ts';
import { apiGroup, expectSplitStep } from './expenses-helpers.ts';
import { groupCode } from './groups-helpers.ts';
import { typeInto } from './money-helpers.ts';
import { openTab, PHONE } from './phone-helpers.ts';
import { skipTours, userIdOf } from './pwa-helpers.ts';

// People without an account (decision 056): added by name on a phone, used in an expense and the balances, then
// claimed by the person themselves through the invite ("Jag är Kalle"), who finds their history there.
const shots = process.env.E2E_SCREENSHOTS;
const people = sv.groups.people;
const wizard = sv.expenses.wizard;
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

async function addPerson(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: people.add }).tap();
  const dialog = page.getByRole('dialog', { name: people.addTitle });
  await typeInto(dialog.getByLabel(people.name), name);
  if (shots) await page.screenshot({ path: `${shots}/people-add-dialog.png` });
  await dialog.getByRole('button', { name: people.save, exact: true }).tap();
  await expect(page.getByText(sv.fill(people.added, { name }))).toBeVisible();
}

/** Anna signed in on a phone of her own, owner of a new group `group` whose guide will not pop up; answers both. */
async function ownerOnPhone(newBrowser: (options: typeof PHONE) => Promise<Page>, baseURL: string, group: string) {
  const page = await newBrowser(PHONE);
  await skipCookieBanner(page);
  await signUpInBrowser(page, baseURL, 'Anna Andersson');
  await page.goto('/app');
  const groupId = await apiGroup(page, group);
  await skipTours(page, await userIdOf(page), [groupId]);
  return { page, groupId };
}

test('a person added by name pays in an expense, has a balance, and later joins as themselves with that history', async ({
  newBrowser,
  baseURL,
}) => {
  const { page: anna, groupId } = await ownerOnPhone(newBrowser, baseURL ?? '', 'Stugan');

  await anna.goto(`/app/group/${groupId}`);
  await openTab(anna, sv.groups.page.tabs.members);
  await addPerson(anna, 'Kalle');
  const memberList = anna.getByRole('list', { name: sv.groups.members.title });
  const kalleRow = memberList.getByRole('listitem').filter({ hasText: 'Kalle' });
  await expect(kalleRow).toContainText(sv.groups.members.noAccount);
  // The same name twice is refused at the field, in Swedish.
  await anna.getByRole('button', { name: people.add }).tap();
  const again = anna.getByRole('dialog', { name: people.addTitle });
  await typeInto(again.getByLabel(people.name), 'kalle');
  await again.getByRole('button', { name: people.save, exact: true }).tap();
  await expect(again.getByText(sv.errors.PERSON_NAME_TAKEN)).toBeVisible();
  await expect(again.getByLabel(people.name)).toBeFocused();
  await again.getByRole('button', { name: people.cancel }).tap();
  await expectAccessible(anna);
  if (shots) await anna.screenshot({ path: `${shots}/people-member-list.png`, fullPage: true });

  // Kalle paid 300 kr for both of them.
  await anna.goto(`/app/group/${groupId}/expense/new`);
  await typeInto(anna.getByLabel(sv.expenses.fields.amount, { exact: true }), '300');
  await typeInto(anna.getByLabel(sv.expenses.fields.merchant), 'Systembolaget');
  await anna.getByLabel(sv.expenses.fields.payer).tap();
  await anna.getByRole('option', { name: 'Kalle', exact: true }).tap();
  await anna.getByRole('button', { name: wizard.next }).tap();
  await expect(anna.getByRole('heading', { name: wizard.stepTitles[1] })).toBeVisible();
  await expect(anna.getByRole('checkbox', { name: /Kalle/ })).toBeChecked();
  await anna.getByRole('button', { name: wizard.next }).tap();
  await expectSplitStep(anna);
  await anna.getByRole('button', { name: wizard.save }).tap();
  await expect(anna.getByText(sv.expenses.toasts.created)).toBeVisible();
  await expect(anna.getByTestId('expense-item').filter({ hasText: 'Systembolaget' })).toContainText(
    sv.fill(sv.expenses.list.paidBy, { name: 'Kalle' }),
  );
  await openTab(anna, sv.groups.page.tabs.balance);
  const kalleBalance = anna.getByTestId('balance-row').filter({ hasText: 'Kalle' });
  await expect(kalleBalance.getByTestId('balance-amount')).toHaveText(nbsp('+150 kr'));

  // Kalle gets the link, signs up and says who he is.
  const link = await anna.request.post(`/api/groups/${groupId}/invites`, { headers: origin(anna) });
  const { token } = ((await link.json()) as { link: { token: string } }).link;
  const kalle = await newBrowser(PHONE);
  await skipCookieBanner(kalle);
  await signUpInBrowser(kalle, baseURL ?? '', 'Karl Svensson');
  await kalle.goto('/app');
  await skipTours(kalle, await userIdOf(kalle), [groupId]);
  await kalle.goto(`/invite/${token}`);
  await expect(kalle.getByRole('heading', { name: sv.groups.claim.title })).toBeVisible();
  await expect(kalle.getByRole('button', { name: sv.groups.claim.asNew })).toBeVisible();
  await expectAccessible(kalle);
  if (shots) await kalle.screenshot({ path: `${shots}/people-invite-landing.png`, fullPage: true });
  await kalle.getByRole('button', { name: sv.fill(sv.groups.claim.iAm, { name: 'Kalle' }) }).tap();
  await expect(kalle.getByText(sv.fill(sv.groups.claim.joinedAs, { group: 'Stugan', name: 'Kalle' }))).toBeVisible();
  await expect(kalle).toHaveURL(new RegExp(`/app/group/${groupId}`));

  // His history is his: the balance and the expense he paid carry his own name now.
  const mine = kalle.getByTestId('balance-row').filter({ hasText: 'Karl Svensson' });
  await expect(mine.getByTestId('balance-amount')).toHaveText(nbsp('+150 kr'));
  await openTab(kalle, sv.groups.page.tabs.receipts);
  await expect(kalle.getByTestId('expense-item').filter({ hasText: 'Systembolaget' })).toContainText(
    sv.fill(sv.expenses.list.paidBy, { name: 'Karl Svensson' }),
  );
  // Anna's open page follows: Kalle is a member with an account now.
  await openTab(anna, sv.groups.page.tabs.members);
  const karlRow = memberList.getByRole('listitem').filter({ hasText: 'Karl Svensson' });
  await expect(karlRow).toContainText(sv.groups.members.member);
  await expect(memberList).not.toContainText(sv.groups.members.noAccount);
});

test('a person nothing names can be renamed and removed from their menu in the group settings', async ({
  newBrowser,
  baseURL,
}) => {
  const { page: anna, groupId } = await ownerOnPhone(newBrowser, baseURL ?? '', 'Villan');
  await anna.goto(`/app/group/${groupId}/settings`);
  await addPerson(anna, 'Lisa');

  await anna.getByRole('button', { name: sv.fill(people.menu, { name: 'Lisa' }) }).tap();
  await anna.getByRole('menuitem', { name: people.rename }).tap();
  const rename = anna.getByRole('dialog', { name: sv.fill(people.renameTitle, { name: 'Lisa' }) });
  await typeInto(rename.getByLabel(people.name), 'Lisa Berg');
  await rename.getByRole('button', { name: people.renameSave }).tap();
  await expect(anna.getByText(people.renamed)).toBeVisible();

  await anna.getByRole('button', { name: sv.fill(people.menu, { name: 'Lisa Berg' }) }).tap();
  await anna.getByRole('menuitem', { name: people.remove }).tap();
  await anna.getByRole('alertdialog').getByRole('button', { name: people.remove }).tap();
  await expect(anna.getByText(sv.fill(people.removed, { name: 'Lisa Berg' }))).toBeVisible();
  const list = anna.getByRole('list', { name: sv.groups.members.title });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).not.toContainText('Lisa');
});

test('joining by code asks who you are first, and "Gå med som ny medlem" keeps the person without an account as they were', async ({
  newBrowser,
  baseURL,
}) => {
  const { page: anna, groupId } = await ownerOnPhone(newBrowser, baseURL ?? '', 'Fjällen');
  const added = await anna.request.post(`/api/groups/${groupId}/people`, {
    data: { name: 'Kalle' },
    headers: origin(anna),
  });
  expect(added.status()).toBe(201);
  const code = await groupCode(anna, groupId);

  const bo = await newBrowser(PHONE);
  await skipCookieBanner(bo);
  await signUpInBrowser(bo, baseURL ?? '', 'Bo Berg');
  await bo.goto('/app');
  await skipTours(bo, await userIdOf(bo), [groupId]);
  await bo.goto('/app/join');
  await typeInto(bo.getByLabel(sv.groups.join.code), code.toLowerCase());
  await bo.getByRole('button', { name: sv.groups.join.submit, exact: true }).tap();
  await expect(bo.getByRole('heading', { name: sv.groups.claim.title })).toBeVisible();
  await expect(bo.getByRole('button', { name: sv.fill(sv.groups.claim.iAm, { name: 'Kalle' }) })).toBeVisible();
  await bo.getByRole('button', { name: sv.groups.claim.asNew }).tap();
  await expect(bo.getByText(sv.fill(sv.groups.join.joined, { group: 'Fjällen' }))).toBeVisible();
  await openTab(bo, sv.groups.page.tabs.members);
  const list = bo.getByRole('list', { name: sv.groups.members.title });
  await expect(list.getByRole('listitem').filter({ hasText: 'Kalle' })).toContainText(sv.groups.members.noAccount);
  await expect(list.getByRole('listitem').filter({ hasText: 'Bo Berg' })).toContainText(sv.groups.members.member);
});
