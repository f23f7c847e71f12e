import type { AccountExport, Profile, ProfileBody } from '#shared/api/account.ts';
import { profileBody } from '#shared/api/account.ts';
import type { StatisticsResponse } from '#shared/api/statistics.ts';
import { summariseSpending } from '#shared/domain/statistics.ts';
import { account as texts } from '#shared/i18n/sv/account.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { deleteQueuedFiles } from '../../lib/file-deletions.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Storage } from '../../lib/storage.ts';
import type { StripeClient } from '../../lib/stripe.ts';
import { deleteAccountData } from './deletion-repo.ts';
import { collectExport } from './export-repo.ts';
import * as repo from './repo.ts';
import { statisticsExpenses, statisticsTotals } from './statistics-repo.ts';

export type AccountDeps = { db: Db; storage: Storage; stripe: StripeClient | null; logger: Logger };

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const profile = await repo.findProfile(db, userId);
  if (!profile) throw new AppError('NOT_FOUND');
  return profile;
}

/** The profile's rules live in profileBody; the route has already parsed the body, this parses again for direct callers. */
export async function updateProfile(db: Db, userId: string, body: ProfileBody): Promise<Profile> {
  const fields = profileBody.parse(body);
  await repo.saveProfile(db, userId, fields);
  return getProfile(db, userId);
}

export const exportData = (db: Db, userId: string, now = new Date()): Promise<AccountExport> =>
  collectExport(db, userId, now);

/** GET /api/statistics, read in one snapshot so an expense edited meanwhile is counted exactly once. */
export async function statistics(db: Db, userId: string): Promise<StatisticsResponse> {
  const [expenses, totals] = await db.transaction(
    async (tx) => [await statisticsExpenses(tx, userId), await statisticsTotals(tx, userId)] as const,
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { currencies: summariseSpending(expenses, totals) };
}

/** A paying user who deletes the account must stop paying: their Stripe customer (and its subscriptions) goes first. */
async function cancelBilling({ db, stripe }: AccountDeps, userId: string): Promise<void> {
  const profile = await db.query.profiles.findFirst({
    where: (p, { eq }) => eq(p.userId, userId),
    columns: { stripeCustomerId: true },
  });
  const customerId = profile?.stripeCustomerId;
  if (!customerId) return;
  if (!stripe) throw new AppError('SERVICE_UNAVAILABLE');
  try {
    await stripe.customers.del(customerId);
  } catch (error) {
    if ((error as { code?: string }).code === 'resource_missing') return;
    throw new AppError('SERVICE_UNAVAILABLE');
  }
}

/**
 * Deletes the account and everything of the user's (decision 026): the rows in one transaction, which also records
 * the user's files for deletion, then the files. Files the store cannot delete now are retried until they are gone
 * (decision 039), so the deletion still answers success while the store is down.
 */
export async function deleteAccount(deps: AccountDeps, userId: string): Promise<void> {
  await cancelBilling(deps, userId);
  const files = await deps.db.transaction((tx) => deleteAccountData(tx, userId, texts.formerMember));
  if (files === null) throw new AppError('NOT_FOUND');
  await deleteQueuedFiles(deps, files);
}
