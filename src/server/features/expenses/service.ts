import type {
  CreateExpenseBody,
  ExpenseDetail,
  ExpenseListResponse,
  ExpenseSummary,
  UpdateExpenseBody,
} from '#shared/api/expenses.ts';
import { withGroupAmounts } from '#shared/domain/balances.ts';
import { checkExpenseCount } from '#shared/domain/limit-checks.ts';
import { isUuid } from '#shared/api/ids.ts';
import { parseExpenseSearch } from '#shared/domain/expense-search.ts';
import { mayAddExpense, mayEditOrDeleteExpense } from '#shared/domain/policies.ts';
import type { Db, Tx } from '../../db/client.ts';
import { requireMembership, viewerOf } from '../../lib/access.ts';
import type { Membership } from '../../lib/access.ts';
import { AppError, unwrap } from '../../lib/errors.ts';
import { deleteQueuedFiles, queueFileDeletions } from '../../lib/file-deletions.ts';
import type { ExchangeRates } from '../../lib/exchange-rates/exchange-rates.ts';
import type { Logger } from '../../lib/logger.ts';
import { keptAnswer } from '../../lib/answer-cache.ts';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import type { Storage } from '../../lib/storage.ts';
import { expenseSnapshot, recordEvent } from '../../repositories/activity.ts';
import * as pending from './pending-uploads.ts';
import * as repo from './repo.ts';
import { findItems, replaceItems } from './items-repo.ts';
import { sameItems } from './items.ts';
import { decodeExpenseCursor, encodeExpenseCursor } from './expense-cursor.ts';
import type { Expense, StoredPayer, StoredShare } from './repo.ts';
import type { ExpenseItem } from '#shared/api/expenses.ts';
import {
  auditDiff,
  checkAmount,
  checkPeople,
  computeStoredShares,
  expenseFields,
  imageIdOf,
  payersOf,
  rateFor,
} from './rules.ts';
import { isSameCreate } from './repeat.ts';

/** The list's query after validation: a page size, where the previous page ended, and the filters. */
export type ExpensePageQuery = {
  limit: number;
  cursor?: string | undefined;
  category?: string | undefined;
  hasImage?: boolean | undefined;
  /** The search box's text, read by parseExpenseSearch. */
  q?: string | undefined;
};

export type ExpenseDeps = { db: Db; storage: Storage; rates: ExchangeRates; logger: Logger };

/** Where an uploaded receipt image and its thumbnail live; only the server makes these keys. */
export const imageKeys = (groupId: string, imageId: string) => ({
  imageKey: `receipts/${groupId}/${imageId}`,
  thumbKey: `receipts/${groupId}/${imageId}.thumb`,
});

function toSummary(
  item: Expense & { payerName: string | null; participantCount: number; payers: StoredPayer[] },
  membership: Membership,
): ExpenseSummary {
  const imageId = imageIdOf(item.imageKey);
  const base = `/api/expenses/${item.id}`;
  return {
    id: item.id,
    groupId: item.groupId,
    totalOre: item.totalOre,
    currency: item.currency,
    rateMicros: item.rateMicros,
    rateDate: item.rateDate,
    rateSource: item.rateSource,
    expenseDate: item.expenseDate,
    merchant: item.merchant,
    category: item.category,
    note: item.note,
    payerMemberId: item.payerMemberId,
    payerName: item.payerName,
    payers: item.payers.map((payer) => ({ memberId: payer.memberId, name: payer.name, amountOre: payer.amountOre })),
    splitMethod: item.splitMethod,
    participantCount: item.participantCount,
    // The image id in the URL changes when the image is replaced, so a cached old image is never shown.
    imageUrl: imageId ? `${base}/image?v=${imageId}` : null,
    thumbnailUrl: item.thumbKey && imageId ? `${base}/thumbnail?v=${imageId}` : null,
    canEdit: mayEditOrDeleteExpense(viewerOf(membership), membership.group, item).ok,
    createdAt: item.createdAt.toISOString(),
  };
}

function toDetail(
  expense: Expense,
  payers: StoredPayer[],
  shares: StoredShare[],
  items: ExpenseItem[],
  membership: Membership,
): ExpenseDetail {
  const payerName = payers.find((payer) => payer.memberId === expense.payerMemberId)?.name;
  return {
    ...toSummary({ ...expense, payerName: payerName ?? null, participantCount: shares.length, payers }, membership),
    imageId: imageIdOf(expense.imageKey),
    shares: shares.map((share) => ({
      memberId: share.memberId,
      name: share.name,
      shareOre: share.shareOre,
      shareInput: share.shareInput,
    })),
    items,
  };
}

/** One page of the list as `membership`'s member sees it. */
async function listPage(
  db: Db,
  groupId: string,
  membership: Membership,
  query: ExpensePageQuery,
): Promise<ExpenseListResponse> {
  const after = query.cursor === undefined ? null : decodeExpenseCursor(query.cursor);
  const search = parseExpenseSearch(query.q ?? '');
  const filter = { category: query.category, hasImage: query.hasImage, search };
  // One row more than asked only tells whether an older page follows.
  const [rows, categories] = await Promise.all([
    repo.expensePage(db, groupId, { limit: query.limit + 1, after, ...filter }),
    after ? undefined : repo.expenseCategories(db, groupId),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    expenses: page.map((item) => toSummary(item, membership)),
    nextCursor: rows.length > query.limit && last ? encodeExpenseCursor(last.key) : null,
    ...(categories ? { categories } : {}),
  };
}

/** Expenses: the wizard's create, the dialog's edit, delete, and the Kvitton tab. */
export function createExpenseService(deps: ExpenseDeps) {
  const { db, rates } = deps;

  /** The expense and the caller's membership of its group; NOT_FOUND for a stranger, as for a missing expense. */
  async function expenseFor(expenseId: string, userId: string): Promise<{ expense: Expense; membership: Membership }> {
    const expense = isUuid(expenseId) ? await repo.findExpense(db, expenseId) : null;
    if (!expense) throw new AppError('NOT_FOUND');
    return { expense, membership: await requireMembership(db, expense.groupId, userId) };
  }

  /** The expense and its payers, when mayEditOrDeleteExpense lets the caller change it. */
  async function editableExpense(expenseId: string, userId: string) {
    const found = await expenseFor(expenseId, userId);
    const payers = await repo.findPayers(db, found.expense.id);
    unwrap(mayEditOrDeleteExpense(viewerOf(found.membership), found.membership.group, { ...found.expense, payers }));
    return { ...found, payers };
  }

  /** Refuses early, before any rate is looked up, an image not waiting in this group; attachUpload decides. */
  async function checkImage(groupId: string, imageId: string): Promise<void> {
    if (!(await pending.isPending(db, groupId, imageId))) throw new AppError('VALIDATION', { imageId: 'invalid' });
  }

  /** Inside the saving transaction: the upload must still be waiting in this group, and is taken by this expense. */
  async function attachUpload(tx: Tx, groupId: string, imageId: string): Promise<pending.ImageFiles> {
    const files = await pending.claimUpload(tx, groupId, imageId);
    if (!files) throw new AppError('VALIDATION', { imageId: 'invalid' });
    return files;
  }

  async function inOpenGroup<T>(groupId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      unwrap(mayAddExpense({ isSettled: await repo.isGroupSettledLocked(tx, groupId) }));
      return work(tx);
    });
  }

  /** As inOpenGroup, for a new expense: the group must also have room for it (decision 036). */
  async function withRoomInGroup<T>(groupId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const state = await repo.lockGroupForNewExpense(tx, groupId);
      unwrap(mayAddExpense(state));
      unwrap(checkExpenseCount(state.expenseCount));
      return work(tx);
    });
  }

  async function get(expenseId: string, userId: string): Promise<ExpenseDetail> {
    const { expense, membership } = await expenseFor(expenseId, userId);
    const payers = await repo.findPayers(db, expense.id);
    return toDetail(
      expense,
      payers,
      await repo.findShares(db, expense.id),
      await findItems(db, expense.id),
      membership,
    );
  }

  return {
    get,

    /**
     * One page of the Kvitton tab as JSON bytes; the first page also names every category in use, for the filter.
     * Kept per ledger version (decision 075): `canEdit` is the viewer's, so the key names the viewer's membership
     * and whether the group is settled, as the membership check read them, besides every parameter of the query.
     */
    async list(
      groupId: string,
      userId: string,
      query: ExpensePageQuery,
      answers: AnswerCache,
    ): Promise<Uint8Array<ArrayBuffer>> {
      const membership = await requireMembership(db, groupId, userId);
      const { limit, cursor, category, hasImage, q } = query;
      const key = JSON.stringify([
        'expenses',
        membership.member.id,
        membership.group.isSettled,
        limit,
        cursor ?? null,
        category ?? null,
        hasImage ?? null,
        q ?? null,
      ]);
      return keptAnswer(answers, db, groupId, key, () => listPage(db, groupId, membership, query));
    },

    /**
     * Saves a new expense under the id the client chose. Sending the same id again with the same content answers the
     * saved expense with `created: false` (a retry after a lost answer, decision 053); anything else under a used id
     * is CONFLICT. The repeat is recognised before the group's state is checked: a group settled since still
     * confirms the expense it already holds.
     */
    async create(
      groupId: string,
      userId: string,
      body: CreateExpenseBody,
    ): Promise<{ expense: ExpenseDetail; created: boolean }> {
      const membership = await requireMembership(db, groupId, userId);
      const payers = payersOf(body);
      const shares = computeStoredShares(body.totalOre, body.split, body.id);
      const repeated = async () => {
        const existing = await repo.findExpense(db, body.id);
        if (!existing) return null;
        const [storedPayers, stored] = [await repo.findPayers(db, existing.id), await repo.findShares(db, existing.id)];
        const attempt = { ...body, groupId, memberId: membership.member.id, checkedPayers: payers };
        const storedItems = await findItems(db, existing.id);
        if (!isSameCreate(existing, storedPayers, stored, attempt, shares) || !sameItems(storedItems, body.split))
          throw new AppError('CONFLICT');
        return { expense: toDetail(existing, storedPayers, stored, storedItems, membership), created: false };
      };
      const before = await repeated();
      if (before) return before;
      unwrap(mayAddExpense(membership.group));
      checkPeople(await repo.findGroupMembers(db, groupId), body);
      if (body.imageId) await checkImage(groupId, body.imageId);
      const rate = await rateFor(rates, membership.group.currency, body);
      checkAmount(body.totalOre, rate);
      const fields = { id: body.id, groupId, ...expenseFields(body, payers, rate) };
      const inserted = withRoomInGroup(groupId, async (tx) => {
        const image = body.imageId ? await attachUpload(tx, groupId, body.imageId) : { imageKey: null, thumbKey: null };
        const values = { ...fields, ...image };
        await repo.insertExpense(tx, { ...values, createdByMemberId: membership.member.id });
        const rows = withGroupAmounts({ ...values, payers, shares });
        await repo.replacePayers(tx, body.id, rows.payers);
        await repo.replaceShares(tx, body.id, rows.shares);
        await replaceItems(tx, body.id, body.split);
        await repo.insertAudit(tx, {
          groupId,
          actorId: userId,
          entityId: body.id,
          action: 'created',
          diff: auditDiff(null, { ...values, payers }),
        });
        await recordEvent(tx, groupId, membership.member.id, {
          kind: 'expense_added',
          expenseId: body.id,
          after: expenseSnapshot(values),
        });
      });
      try {
        await inserted;
      } catch (error) {
        // The same id sent twice at once: the request that lost the race answers as a repeat.
        const raced = await repeated();
        if (raced) return raced;
        throw error;
      }
      return { expense: await get(body.id, userId), created: true };
    },

    async update(expenseId: string, userId: string, body: UpdateExpenseBody): Promise<ExpenseDetail> {
      const { expense, membership, payers: previousPayers } = await editableExpense(expenseId, userId);
      const previousShares = await repo.findShares(db, expense.id);
      checkPeople(
        await repo.findGroupMembers(db, expense.groupId),
        body,
        new Set([...previousPayers.map((p) => p.memberId), ...previousShares.map((s) => s.memberId)]),
      );
      const payers = payersOf(body);
      const shares = computeStoredShares(body.totalOre, body.split, expense.id);
      const keepImage = body.imageId === undefined || body.imageId === imageIdOf(expense.imageKey);
      const newImageId = keepImage ? null : body.imageId;
      if (newImageId) await checkImage(expense.groupId, newImageId);
      const rate = await rateFor(rates, membership.group.currency, body, expense);
      checkAmount(body.totalOre, rate);
      const fields = expenseFields(body, payers, rate);
      const unlinked = await inOpenGroup(expense.groupId, async (tx) => {
        // The files as they are now, locked: an edit that committed meanwhile may have replaced them.
        const current = (await repo.lockExpenseFiles(tx, expense.id)) ?? { imageKey: null, thumbKey: null };
        const keep = body.imageId === undefined || body.imageId === imageIdOf(current.imageKey);
        const image = keep
          ? current
          : body.imageId
            ? await attachUpload(tx, expense.groupId, body.imageId)
            : { imageKey: null, thumbKey: null };
        const values = { ...fields, ...image };
        await repo.updateExpense(tx, expense.id, values);
        const rows = withGroupAmounts({ ...values, id: expense.id, payers, shares });
        await repo.replacePayers(tx, expense.id, rows.payers);
        await repo.replaceShares(tx, expense.id, rows.shares);
        await replaceItems(tx, expense.id, body.split);
        await repo.insertAudit(tx, {
          groupId: expense.groupId,
          actorId: userId,
          entityId: expense.id,
          action: 'updated',
          diff: auditDiff({ ...expense, payers: previousPayers }, { ...values, payers }),
        });
        await recordEvent(tx, expense.groupId, membership.member.id, {
          kind: 'expense_changed',
          expenseId: expense.id,
          before: expenseSnapshot(expense),
          after: expenseSnapshot(values),
        });
        // A replaced or removed image is deleted after the commit, or by the retry loop (decision 039).
        return keep ? [] : queueFileDeletions(tx, [current.imageKey, current.thumbKey]);
      });
      await deleteQueuedFiles(deps, unlinked);
      return get(expense.id, userId);
    },

    async remove(expenseId: string, userId: string): Promise<void> {
      const { expense, membership, payers } = await editableExpense(expenseId, userId);
      const unlinked = await inOpenGroup(expense.groupId, async (tx) => {
        const files = await repo.deleteExpense(tx, expense.id);
        await recordEvent(tx, expense.groupId, membership.member.id, {
          kind: 'expense_deleted',
          expenseId: expense.id,
          before: expenseSnapshot(expense),
        });
        await repo.insertAudit(tx, {
          groupId: expense.groupId,
          actorId: userId,
          entityId: expense.id,
          action: 'deleted',
          diff: auditDiff({ ...expense, payers }, null),
        });
        return queueFileDeletions(tx, [files?.imageKey, files?.thumbKey]);
      });
      await deleteQueuedFiles(deps, unlinked);
    },

    expenseFor,
  };
}

export type ExpenseService = ReturnType<typeof createExpenseService>;
