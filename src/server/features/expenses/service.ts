import type {
  CreateExpenseBody,
  ReceiptDetail,
  ReceiptListResponse,
  ReceiptSummary,
  UpdateExpenseBody,
} from '#shared/api/expenses.ts';
import { checkReceiptCount } from '#shared/domain/limit-checks.ts';
import { ore } from '#shared/domain/money.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUuid, requireMembership } from '../../lib/access.ts';
import type { Membership } from '../../lib/access.ts';
import { AppError, unwrap } from '../../lib/errors.ts';
import { deleteQueuedFiles, queueFileDeletions } from '../../lib/file-deletions.ts';
import type { ExchangeRates } from '../../lib/exchange-rates/exchange-rates.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Storage } from '../../lib/storage.ts';
import * as pending from './pending-uploads.ts';
import * as repo from './repo.ts';
import { decodeReceiptCursor, encodeReceiptCursor } from './receipt-cursor.ts';
import type { Receipt, StoredShare } from './repo.ts';
import { auditDiff, blankToNull, checkAmount, checkPeople, computeStoredShares, rateFor } from './rules.ts';

/** The list's query after validation: a page size, where the previous page ended, and the filters. */
export type ReceiptPageQuery = {
  limit: number;
  cursor?: string | undefined;
  category?: string | undefined;
  hasImage?: boolean | undefined;
};

export type ExpenseDeps = { db: Db; storage: Storage; rates: ExchangeRates; logger: Logger };

/** Where an uploaded receipt image and its thumbnail live; only the server makes these keys. */
export const imageKeys = (groupId: string, imageId: string) => ({
  imageKey: `receipts/${groupId}/${imageId}`,
  thumbKey: `receipts/${groupId}/${imageId}.thumb`,
});
const imageIdOf = (imageKey: string | null) => (imageKey ? (imageKey.split('/').at(-1) ?? null) : null);

function toSummary(
  item: Receipt & { payerName: string | null; participantCount: number },
  membership: Membership,
): ReceiptSummary {
  const imageId = imageIdOf(item.imageKey);
  const base = `/api/receipts/${item.id}`;
  return {
    id: item.id,
    groupId: item.groupId,
    totalOre: item.totalOre,
    currency: item.currency,
    rateMicros: item.rateMicros,
    rateDate: item.rateDate,
    rateSource: item.rateSource,
    receiptDate: item.receiptDate,
    merchant: item.merchant,
    category: item.category,
    note: item.note,
    payerMemberId: item.payerMemberId,
    payerName: item.payerName,
    splitMethod: item.splitMethod,
    participantCount: item.participantCount,
    // The image id in the URL changes when the image is replaced, so a cached old image is never shown.
    imageUrl: imageId ? `${base}/image?v=${imageId}` : null,
    thumbnailUrl: item.thumbKey && imageId ? `${base}/thumbnail?v=${imageId}` : null,
    canEdit: item.payerMemberId === membership.member.id && !membership.group.isSettled,
    createdAt: item.createdAt.toISOString(),
  };
}

function toDetail(receipt: Receipt, shares: StoredShare[], membership: Membership): ReceiptDetail {
  const payerName = shares.find((share) => share.memberId === receipt.payerMemberId)?.name;
  return {
    ...toSummary({ ...receipt, payerName: payerName ?? null, participantCount: shares.length }, membership),
    imageId: imageIdOf(receipt.imageKey),
    shares: shares.map((share) => ({
      memberId: share.memberId,
      name: share.name,
      shareOre: share.shareOre,
      shareInput: share.shareInput,
    })),
  };
}

/** Expenses: the wizard's create, the dialog's edit, delete, and the Receipts tab, under the rules of issue 4. */
export function createExpenseService(deps: ExpenseDeps) {
  const { db, rates } = deps;

  /** The receipt and the caller's membership of its group; NOT_FOUND for a stranger, as for a missing receipt. */
  async function receiptFor(receiptId: string, userId: string): Promise<{ receipt: Receipt; membership: Membership }> {
    const receipt = isUuid(receiptId) ? await repo.findReceipt(db, receiptId) : null;
    if (!receipt) throw new AppError('NOT_FOUND');
    return { receipt, membership: await requireMembership(db, receipt.groupId, userId) };
  }

  /** Payer only, and only while the group is open (issue 4 rules; SPEC §6). */
  async function editableReceipt(receiptId: string, userId: string) {
    const found = await receiptFor(receiptId, userId);
    if (found.receipt.payerMemberId !== found.membership.member.id) throw new AppError('NOT_PAYER');
    if (found.membership.group.isSettled) throw new AppError('GROUP_SETTLED');
    return found;
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
      if (await repo.isGroupSettledLocked(tx, groupId)) throw new AppError('GROUP_SETTLED');
      return work(tx);
    });
  }

  /** As inOpenGroup, for a new receipt: the group must also have room for it (decision 036). */
  async function withRoomInGroup<T>(groupId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const state = await repo.lockGroupForNewReceipt(tx, groupId);
      if (state.isSettled) throw new AppError('GROUP_SETTLED');
      unwrap(checkReceiptCount(state.receiptCount));
      return work(tx);
    });
  }

  async function get(receiptId: string, userId: string): Promise<ReceiptDetail> {
    const { receipt, membership } = await receiptFor(receiptId, userId);
    return toDetail(receipt, await repo.findShares(db, receipt.id), membership);
  }

  return {
    get,

    /** One page of the Receipts tab; the first page also names every category in use, for the filter. */
    async list(groupId: string, userId: string, query: ReceiptPageQuery): Promise<ReceiptListResponse> {
      const membership = await requireMembership(db, groupId, userId);
      const after = query.cursor === undefined ? null : decodeReceiptCursor(query.cursor);
      const filter = { category: query.category, hasImage: query.hasImage };
      // One row more than asked only tells whether an older page follows.
      const [rows, categories] = await Promise.all([
        repo.receiptPage(db, groupId, { limit: query.limit + 1, after, ...filter }),
        after ? undefined : repo.receiptCategories(db, groupId),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        receipts: page.map((item) => toSummary(item, membership)),
        nextCursor: rows.length > query.limit && last ? encodeReceiptCursor(last.key) : null,
        ...(categories ? { categories } : {}),
      };
    },

    async create(groupId: string, userId: string, body: CreateExpenseBody): Promise<ReceiptDetail> {
      const membership = await requireMembership(db, groupId, userId);
      if (membership.group.isSettled) throw new AppError('GROUP_SETTLED');
      checkPeople(await repo.findGroupMembers(db, groupId), body);
      const shares = computeStoredShares(body.totalOre, body.split, body.id);
      if (await repo.findReceipt(db, body.id)) throw new AppError('CONFLICT');
      if (body.imageId) await checkImage(groupId, body.imageId);
      const rate = await rateFor(rates, membership.group.currency, body);
      checkAmount(body.totalOre, rate);
      const fields = {
        id: body.id,
        groupId,
        payerMemberId: body.payerMemberId,
        totalOre: ore(body.totalOre),
        currency: body.currency,
        ...rate,
        receiptDate: body.receiptDate,
        merchant: blankToNull(body.merchant),
        category: body.category.trim(),
        note: blankToNull(body.note),
        splitMethod: body.split.method,
      };
      await withRoomInGroup(groupId, async (tx) => {
        const image = body.imageId ? await attachUpload(tx, groupId, body.imageId) : { imageKey: null, thumbKey: null };
        const values = { ...fields, ...image };
        await repo.insertReceipt(tx, { ...values, createdByMemberId: membership.member.id });
        await repo.replaceShares(tx, body.id, shares);
        await repo.insertAudit(tx, {
          groupId,
          actorId: userId,
          entityId: body.id,
          action: 'created',
          diff: auditDiff(null, values),
        });
      });
      return get(body.id, userId);
    },

    async update(receiptId: string, userId: string, body: UpdateExpenseBody): Promise<ReceiptDetail> {
      const { receipt, membership } = await editableReceipt(receiptId, userId);
      const previousShares = await repo.findShares(db, receipt.id);
      checkPeople(
        await repo.findGroupMembers(db, receipt.groupId),
        body,
        new Set([receipt.payerMemberId, ...previousShares.map((s) => s.memberId)]),
      );
      const shares = computeStoredShares(body.totalOre, body.split, receipt.id);
      const keepImage = body.imageId === undefined || body.imageId === imageIdOf(receipt.imageKey);
      const newImageId = keepImage ? null : body.imageId;
      if (newImageId) await checkImage(receipt.groupId, newImageId);
      const rate = await rateFor(rates, membership.group.currency, body, receipt);
      checkAmount(body.totalOre, rate);
      const fields = {
        payerMemberId: body.payerMemberId,
        totalOre: ore(body.totalOre),
        currency: body.currency,
        ...rate,
        receiptDate: body.receiptDate,
        merchant: blankToNull(body.merchant),
        category: body.category.trim(),
        note: blankToNull(body.note),
        splitMethod: body.split.method,
      };
      const unlinked = await inOpenGroup(receipt.groupId, async (tx) => {
        // The files as they are now, locked: an edit that committed meanwhile may have replaced them.
        const current = (await repo.lockReceiptFiles(tx, receipt.id)) ?? { imageKey: null, thumbKey: null };
        const keep = body.imageId === undefined || body.imageId === imageIdOf(current.imageKey);
        const image = keep
          ? current
          : body.imageId
            ? await attachUpload(tx, receipt.groupId, body.imageId)
            : { imageKey: null, thumbKey: null };
        const values = { ...fields, ...image };
        await repo.updateReceipt(tx, receipt.id, values);
        await repo.replaceShares(tx, receipt.id, shares);
        await repo.insertAudit(tx, {
          groupId: receipt.groupId,
          actorId: userId,
          entityId: receipt.id,
          action: 'updated',
          diff: auditDiff(receipt, values),
        });
        // A replaced or removed image is deleted after the commit, or by the retry loop (decision 039).
        return keep ? [] : queueFileDeletions(tx, [current.imageKey, current.thumbKey]);
      });
      await deleteQueuedFiles(deps, unlinked);
      return get(receipt.id, userId);
    },

    async remove(receiptId: string, userId: string): Promise<void> {
      const { receipt } = await editableReceipt(receiptId, userId);
      const unlinked = await inOpenGroup(receipt.groupId, async (tx) => {
        const files = await repo.deleteReceipt(tx, receipt.id);
        await repo.insertAudit(tx, {
          groupId: receipt.groupId,
          actorId: userId,
          entityId: receipt.id,
          action: 'deleted',
          diff: auditDiff(receipt, null),
        });
        return queueFileDeletions(tx, [files?.imageKey, files?.thumbKey]);
      });
      await deleteQueuedFiles(deps, unlinked);
    },

    receiptFor,
  };
}

export type ExpenseService = ReturnType<typeof createExpenseService>;
