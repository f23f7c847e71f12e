import { and, count, desc, eq } from 'drizzle-orm';
import type { PaymentMethod } from '#shared/api/settlement-limits.ts';
import type { Currency } from '#shared/domain/currency.ts';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, settlements } from '../../db/schema/index.ts';

// Payments of a group: proposed transfers marked paid and payments recorded by hand, one table (decision 059).

export type PaymentKind = 'proposed' | 'recorded';
export type PaymentRow = {
  id: string;
  kind: PaymentKind;
  fromMemberId: string;
  toMemberId: string;
  amountOre: number;
  currency: Currency;
  method: PaymentMethod | null;
  paidOn: string;
  note: string | null;
  recordedByMemberId: string | null;
  paidAt: Date;
};
const paymentColumns = {
  id: settlements.id,
  kind: settlements.kind,
  fromMemberId: settlements.fromMemberId,
  toMemberId: settlements.toMemberId,
  amountOre: settlements.amountOre,
  currency: settlements.currency,
  method: settlements.method,
  paidOn: settlements.paidOn,
  note: settlements.note,
  recordedByMemberId: settlements.recordedByMemberId,
  paidAt: settlements.paidAt,
};
const toPayment = (row: { currency: string } & Omit<PaymentRow, 'currency'>): PaymentRow => ({
  ...row,
  currency: row.currency as Currency,
});

export type NewPayment = Omit<PaymentRow, 'id' | 'paidAt'> & { groupId: string };

export async function insertPayment(db: DbOrTx, input: NewPayment): Promise<PaymentRow> {
  const [row] = await db
    .insert(settlements)
    .values({ ...input, status: 'paid' })
    .returning(paymentColumns);
  if (!row) throw new Error('payment not inserted');
  return toPayment(row);
}

/** One payment of the group, or null when it is not there (deleted, or of another group). */
export async function findPaymentById(db: DbOrTx, groupId: string, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select(paymentColumns)
    .from(settlements)
    .where(and(eq(settlements.groupId, groupId), eq(settlements.id, paymentId)));
  return row ? toPayment(row) : null;
}

export async function deletePayment(db: DbOrTx, paymentId: string): Promise<void> {
  await db.delete(settlements).where(eq(settlements.id, paymentId));
}

/** Payments of the group of either kind, for the limit of decision 059. */
export async function countPayments(db: DbOrTx, groupId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(settlements).where(eq(settlements.groupId, groupId));
  return row?.n ?? 0;
}

/** A payment recorded or deleted, in the audit log beside expenses: who did it and what the payment was. */
export async function auditPayment(
  db: DbOrTx,
  entry: { groupId: string; actorId: string; action: 'created' | 'deleted'; payment: PaymentRow },
): Promise<void> {
  const { id, paidAt: _paidAt, ...fields } = entry.payment;
  const diff = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      key,
      entry.action === 'created' ? { from: null, to: value } : { from: value, to: null },
    ]),
  );
  await db.insert(auditLog).values({
    groupId: entry.groupId,
    actorId: entry.actorId,
    entityType: 'payment',
    entityId: id,
    action: entry.action,
    diffJson: diff,
  });
}

/** The latest payment of exactly this proposed transfer marked paid, if any; payments typed in by hand never match. */
export async function findPayment(
  db: DbOrTx,
  groupId: string,
  transfer: { fromMemberId: string; toMemberId: string; amountOre: number },
): Promise<PaymentRow | null> {
  const [row] = await db
    .select(paymentColumns)
    .from(settlements)
    .where(
      and(
        eq(settlements.groupId, groupId),
        eq(settlements.kind, 'proposed'),
        eq(settlements.fromMemberId, transfer.fromMemberId),
        eq(settlements.toMemberId, transfer.toMemberId),
        eq(settlements.amountOre, transfer.amountOre),
      ),
    )
    .orderBy(desc(settlements.paidAt))
    .limit(1);
  return row ? toPayment(row) : null;
}

/** Every payment of the group, the latest day paid first, then the latest saved. */
export async function listPayments(db: DbOrTx, groupId: string): Promise<PaymentRow[]> {
  const rows = await db
    .select(paymentColumns)
    .from(settlements)
    .where(eq(settlements.groupId, groupId))
    .orderBy(desc(settlements.paidOn), desc(settlements.paidAt), desc(settlements.id));
  return rows.map(toPayment);
}
