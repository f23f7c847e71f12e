import { queryOptions } from '@tanstack/react-query';
import type { BillingInterval, PlanId } from '#shared/domain/plans.ts';
import { client, read } from '../../lib/api.ts';
import { profileQuery } from '../../lib/queries/account.ts';

/** The same cache entry as the settings page's profile, read here only for the current plan. */
export const planQuery = queryOptions({ ...profileQuery, select: (profile): PlanId => profile.plan });

export async function createCheckout(interval: BillingInterval): Promise<string> {
  const { url } = await read(client.api.billing.checkout.$post({ json: { interval } }));
  return url;
}
