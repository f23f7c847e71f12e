import { computeBalances } from '#shared/domain/balances.ts';
import type { MemberBalance } from '#shared/domain/balances.ts';
import { settle } from '#shared/domain/settlement.ts';
import type { Transfer } from '#shared/domain/settlement.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { listPayments } from './payments-repo.ts';
import type { PaymentRow } from './payments-repo.ts';
import * as repo from './repo.ts';
import type { BreakdownRow, GroupState, Ledger } from './repo.ts';
import { BREAKDOWN_PAGE_SIZE } from '#shared/api/settlement.ts';

/** A group's balances at one ledger version; members without any expense or payment are absent (zero). */
export type LedgerState = {
  version: number;
  expenseCount: number;
  convertedExpenseCount: number;
  unratedExpenseCount: number;
  balances: MemberBalance[];
  /** The fewest-transfer plan, computed on first use. */
  plan(): Transfer[];
  /** Recorded payments, newest first; read on first use. */
  payments(): Promise<PaymentRow[]>;
  /** The breakdown's first page plus one row (to tell whether more follow); read on first use. */
  newestExpenses(): Promise<BreakdownRow[]>;
};

/** A value read once on first use; a failed read is forgotten so the next caller tries again. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () =>
    (value ??= read().catch((error: unknown) => {
      value = null;
      throw error;
    }));
}

type Entry = { version: number; currency: string; state: Promise<LedgerState> };

/** Groups whose balances stay in memory; the least recently read are dropped first. */
const MAX_GROUPS = 500;

/** The state of a ledger read inside the caller's transaction, for writes that hold the group lock. */
export async function ledgerStateIn(
  tx: DbOrTx,
  group: Pick<GroupState, 'id' | 'currency'>,
  later: DbOrTx = tx,
): Promise<LedgerState> {
  return stateOf(group.id, await repo.ledgerVersion(tx, group.id), await repo.loadLedger(tx, group), later);
}

async function readState(db: Db, group: Pick<GroupState, 'id' | 'currency'>): Promise<LedgerState> {
  // One snapshot: expenses saved between two of the queries must not leave balances that do not sum to zero.
  // The lists read on first use come later, after the snapshot has ended: from the pool.
  return db.transaction(async (tx) => ledgerStateIn(tx, group, db), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

function stateOf(groupId: string, version: number, ledger: Ledger, db: DbOrTx): LedgerState {
  const balances = computeBalances({ memberIds: [], totals: ledger.totals });
  let plan: Transfer[] | null = null;
  return {
    version,
    expenseCount: ledger.expenseCount,
    convertedExpenseCount: ledger.convertedExpenseCount,
    unratedExpenseCount: ledger.unratedExpenseCount,
    balances,
    plan: () => (plan ??= settle(balances)),
    payments: once(() => listPayments(db, groupId)),
    newestExpenses: once(() => repo.breakdownPage(db, groupId, BREAKDOWN_PAGE_SIZE + 1, null)),
  };
}

/**
 * Balances per group and ledger version. The version is bumped by database triggers on every change to expenses,
 * shares and settlements, so an entry is valid exactly while the version it was read at is current: a hit costs
 * one primary-key read, and many requests arriving after a change share one recomputation.
 */
export function createLedgerCache(db: Db) {
  const entries = new Map<string, Entry>();
  return async function ledgerState(group: Pick<GroupState, 'id' | 'currency'>): Promise<LedgerState> {
    const version = await repo.ledgerVersion(db, group.id);
    const entry = entries.get(group.id);
    entries.delete(group.id);
    if (entry && entry.version === version && entry.currency === group.currency) {
      entries.set(group.id, entry);
      return entry.state;
    }
    const state = readState(db, group);
    // Keyed by the version read before the snapshot: if a change lands in between, the next request misses again.
    const fresh = { version, currency: group.currency, state };
    entries.set(group.id, fresh);
    state.catch(() => entries.get(group.id) === fresh && entries.delete(group.id));
    for (const oldest of entries.keys()) {
      if (entries.size <= MAX_GROUPS) break;
      entries.delete(oldest);
    }
    return state;
  };
}

export type LedgerCache = ReturnType<typeof createLedgerCache>;
