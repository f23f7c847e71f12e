import * as sv from '../src/shared/i18n/sv.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { apiPerson, createGroup, groupCode, signUp } from './groups-helpers.ts';

const texts = sv.groups;

test.describe('groups', () => {
  test('a new group opens its page, shows in the sidebar and as a card on Dina grupper, all accessibly', async ({
    page,
  }) => {
    await signUp(page, 'Olle Ägare');
    await expect(page.getByRole('heading', { name: texts.list.emptyTitle })).toBeVisible();
    await expectAccessible(page);

    await createGroup(page, 'Fjällresan', 'Åre i februari');
    await expect(page.getByText('Åre i februari')).toBeVisible();
    await expect(page.getByTestId('group-member-count')).toHaveText('1 medlem');
    // Other features add tabs before Medlemmar; whichever comes first is open by default.
    await expect(page.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: texts.page.tabs.members }).click();
    await expect(page).toHaveURL(/[?&]tab=members/);
    const members = page.getByRole('tabpanel', { name: texts.page.tabs.members });
    await expect(members.getByText('Olle Ägare')).toBeVisible();
    await expect(members.getByText(texts.members.owner, { exact: true })).toBeVisible();
    await expectAccessible(page);

    const sidebar = page.getByRole('navigation', { name: sv.shell.nav.label });
    await expect(sidebar.getByRole('link', { name: /Fjällresan/ })).toBeVisible();

    await page.getByRole('link', { name: texts.page.back }).click();
    const card = page.getByRole('main').getByRole('link', { name: /Fjällresan/ });
    await expect(card).toContainText('1 medlem');
    await expect(card).toContainText('0 kr');
    await expectAccessible(page);
    await page.getByRole('searchbox', { name: texts.list.searchLabel }).fill('barcelona');
    await expect(page.getByText(sv.fill(texts.list.noMatches, { query: 'barcelona' }))).toBeVisible();
    await page.getByRole('searchbox', { name: texts.list.searchLabel }).fill('fjäll');
    await expect(card).toBeVisible();
  });

  test('renames from the sidebar menu, refuses a blank name, and deletes after the confirmation, back on /app', async ({
    page,
  }) => {
    await signUp(page, 'Rut Ändrare');
    await createGroup(page, 'Middag');
    const sidebar = page.getByRole('navigation', { name: sv.shell.nav.label });
    await sidebar.getByRole('button', { name: sv.fill(texts.sidebar.menu, { group: 'Middag' }) }).click();
    await page.getByRole('menuitem', { name: texts.sidebar.rename }).click();
    const rename = page.getByRole('dialog', { name: texts.rename.title });
    await rename.getByLabel(texts.rename.label).fill('   ');
    await rename.getByRole('button', { name: texts.rename.save }).click();
    await expect(rename.getByText(sv.validation.groupNameRequired)).toBeVisible();
    await rename.getByLabel(texts.rename.label).fill('Middag hos Rut');
    await rename.getByRole('button', { name: texts.rename.save }).click();
    await expect(page.getByText(texts.rename.done)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Middag hos Rut' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: /Middag hos Rut/ })).toBeVisible();

    await sidebar.getByRole('button', { name: sv.fill(texts.sidebar.menu, { group: 'Middag hos Rut' }) }).click();
    await page.getByRole('menuitem', { name: texts.sidebar.delete }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText(texts.remove.confirm)).toBeVisible();
    await confirm.getByRole('button', { name: texts.remove.action }).click();
    await expect(page.getByText(texts.remove.done)).toBeVisible();
    await expect(page).toHaveURL(/\/app$/);
    await expect(sidebar.getByText(texts.sidebar.empty)).toBeVisible();
  });

  test('tells a member why only the owner can delete, and lets the owner remove a member who then shows no more', async ({
    page,
    newBrowser,
    baseURL,
  }) => {
    await signUp(page, 'Ägaren Åsa');
    const groupId = await createGroup(page, 'Hushållet');
    const code = await groupCode(page, groupId);

    const member = await newBrowser();
    await signUp(member, 'Medlem Mats');
    await member.goto('/app/join');
    await member.getByLabel(texts.join.code).fill(code);
    await member.getByRole('button', { name: texts.join.submit, exact: true }).click();
    await expect(member.getByRole('heading', { level: 1, name: 'Hushållet' })).toBeVisible();
    const sidebar = member.getByRole('navigation', { name: sv.shell.nav.label });
    await sidebar.getByRole('button', { name: sv.fill(texts.sidebar.menu, { group: 'Hushållet' }) }).click();
    await expect(member.getByRole('menuitem', { name: new RegExp(texts.sidebar.ownerOnlyDelete) })).toBeVisible();
    await expect(member.getByRole('button', { name: texts.page.invite })).toHaveCount(0);
    await member.keyboard.press('Escape');

    const extra = await apiPerson(baseURL ?? '', 'Extra Eva');
    await extra.post('/api/groups/join', { data: { code } });
    await page.goto(`/app/group/${groupId}/settings`);
    await expect(
      page.getByRole('heading', { name: sv.fill(texts.settings.membersHeading, { count: 3 }) }),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: sv.fill(texts.settings.removeMember, { name: 'Extra Eva' }) }).click();
    await expect(page.getByText(texts.settings.removeConfirm)).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: texts.settings.removeAction }).click();
    await expect(page.getByText(texts.settings.removed)).toBeVisible();
    await expect(
      page.getByRole('heading', { name: sv.fill(texts.settings.membersHeading, { count: 2 }) }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: sv.fill(texts.settings.removeMember, { name: 'Ägaren Åsa' }) }),
    ).toHaveCount(0);
    await extra.dispose();
  });
});
