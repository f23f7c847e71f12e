import type { Page } from '@playwright/test';
import * as sv from '../src/shared/i18n/sv.ts';
import { expect, signUpInBrowser, skipCookieBanner } from './fixtures.ts';
import { apiExpense, apiGroup, membersOf } from './expenses-helpers.ts';
import { groupCode } from './groups-helpers.ts';

export const PHONE = { viewport: { width: 390, height: 844 }, touch: true } as const;
export const TAP_MIN_PX = 44;

const origin = (page: Page) => ({ origin: new URL(page.url()).origin });

/**
 * Every control a finger can reach on the page (or inside `within`) that is smaller than 44 × 44 px, described as
 * "role 'name' w×h". A control with a <label> counts together with it, since a tap on either works. Not counted: what
 * is not drawn (no size, visually hidden, behind aria-hidden or inert) and links inside running text, which WCAG's
 * target-size rule exempts as inline.
 */
export async function smallTargets(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate(
    async ({ scope, min }) => {
      // Measured at rest: a menu or sheet still scaling or sliding in is not its real size yet.
      const settling = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity);
      await Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)));
      const selector = [
        'a[href]',
        'button',
        'input:not([type=hidden])',
        'select',
        'textarea',
        'summary',
        '[role=button]',
        '[role=tab]',
        '[role=menuitem]',
        '[role=menuitemradio]',
        '[role=menuitemcheckbox]',
        '[role=option]',
        '[role=checkbox]',
        '[role=radio]',
        '[role=switch]',
        '[role=combobox]',
      ].join(',');
      const root = document.querySelector(scope) ?? document.body;
      const found: string[] = [];
      for (const element of root.querySelectorAll<HTMLElement>(selector)) {
        const own = element.getBoundingClientRect();
        if (own.width <= 1 || own.height <= 1) continue;
        // A checkbox or radio button is tapped through its label as well: the two together are the target.
        const toggle = element.matches('[role=checkbox], [role=radio], [role=switch], [type=checkbox], [type=radio]');
        const label = !toggle
          ? null
          : (element.closest('label') ??
            (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null));
        const around = label?.getBoundingClientRect() ?? own;
        const rect = {
          width: Math.max(own.right, around.right) - Math.min(own.left, around.left),
          height: Math.max(own.bottom, around.bottom) - Math.min(own.top, around.top),
        };
        if (element.closest('[aria-hidden="true"], [inert], .sr-only')) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.display === 'none') continue;
        if (element.tagName === 'A' && style.display === 'inline' && element.closest('p, li > span')) continue;
        if (rect.width >= min && rect.height >= min) continue;
        const name =
          element.getAttribute('aria-label') ??
          element.textContent?.trim().slice(0, 40) ??
          element.tagName.toLowerCase();
        const role = element.getAttribute('role') ?? element.tagName.toLowerCase();
        found.push(`${role} '${name}' ${Math.round(rect.width)}×${Math.round(rect.height)}`);
      }
      return found;
    },
    { scope: within, min: TAP_MIN_PX },
  );
}

/** True when the page is wider than the window (sideways scrolling). */
export async function scrollsSideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * A group of two with one expense: Anna (with a Swish number) paid 300 kr for both, so Bo owes her 150 kr. Answers
 * both people's pages (Bo's is `bo`, a phone unless told) and the group id.
 */
export async function groupOfTwo(
  anna: Page,
  bo: Page,
  baseURL: string,
): Promise<{ groupId: string; annaName: string; boName: string }> {
  for (const page of [anna, bo]) await skipCookieBanner(page);
  const annaName = 'Anna Andersson-Björklund';
  const boName = 'Bo Björnström';
  await signUpInBrowser(anna, baseURL, annaName);
  await anna.goto('/app');
  const profile = { name: annaName, phone: '0701234567', address: '', postalCode: '', city: '', country: 'Sverige' };
  expect((await anna.request.put('/api/account/profile', { headers: origin(anna), data: profile })).status()).toBe(200);
  const groupId = await apiGroup(anna, 'Stugan i Sälen');
  await signUpInBrowser(bo, baseURL, boName);
  await bo.goto('/app');
  const code = await groupCode(anna, groupId);
  expect((await bo.request.post('/api/groups/join', { data: { code }, headers: origin(bo) })).status()).toBe(200);
  const ids = (await membersOf(anna, groupId)).map((member) => member.id);
  await apiExpense(anna, groupId, { merchant: 'ICA Maxi Stormarknad', totalOre: 30_000, memberIds: ids });
  await apiExpense(bo, groupId, { merchant: 'Systembolaget', totalOre: 10_000, memberIds: ids });
  return { groupId, annaName, boName };
}

/** The group page's tab, tapped on a phone. */
export async function openTab(page: Page, label: string): Promise<void> {
  const tab = page.getByRole('tab', { name: label });
  await tab.tap();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

export const texts = { settlement: sv.settlement, groups: sv.groups, expenses: sv.expenses, shell: sv.shell };
