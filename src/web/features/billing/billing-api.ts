import { queryOptions } from '@tanstack/react-query';
import { profileResponse, type Profile } from '#shared/api/account.ts';
import { checkoutResponse } from '#shared/api/billing.ts';
import type { BillingInterval, PlanId } from '#shared/domain/plans.ts';
import { api } from '../../lib/api.ts';

/** The same cache entry as the settings page's profile, read here only for the current plan. */
export const planQuery = queryOptions({
  queryKey: ['account', 'profile'] as const,
  queryFn: ({ signal }): Promise<Profile> =>
    api.get('/api/account/profile', { signal, parse: (data) => profileResponse.parse(data) }),
  select: (profile): PlanId => profile.plan,
});

export async function createCheckout(interval: BillingInterval): Promise<string> {
  const { url } = await api.post(
    '/api/billing/checkout',
    { interval },
    { parse: (data) => checkoutResponse.parse(data) },
  );
  return url;
}
