import type { Ore } from './money.ts';

/** Gratis has id "plus", Premium has id "pro". */
export const PLAN_IDS = ['plus', 'pro'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** Premium costs 9 kr a month or 108 kr a year; Gratis 0 kr. */
export const PREMIUM_PRICE_ORE: Readonly<Record<BillingInterval, Ore>> = { month: 900 as Ore, year: 10_800 as Ore };
export const FREE_PRICE_ORE = 0 as Ore;

/** Members, the owner included, a group owned by a Gratis user may have; Premium has no limit. */
export const FREE_MEMBER_LIMIT = 5;

/** Members allowed in a group whose owner has this plan; null means no limit. Applied by mayAdmitMember. */
export function memberLimit(plan: PlanId): number | null {
  return plan === 'pro' ? null : FREE_MEMBER_LIMIT;
}
