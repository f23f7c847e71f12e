import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { settlements } from '../db/schema/index.ts';

/** A payment as an export lists it: the day paid, who paid whom, how much, how, and the note (decision 059). */
export type ExportedPayment = {
  paidOn: string;
  fromMemberId: string;
  toMemberId: string;
  amountOre: number;
  currency: string;
  method: 'swish' | 'cash' | 'bank' | 'other' | null;
  note: string | null;
};

/** Every payment of the group, oldest day first, for the group's CSV beside its expenses. */
export async function listPaymentsForExport(db: DbOrTx, groupId: string): Promise<ExportedPayment[]> {
  return db
    .select({
      paidOn: settlements.paidOn,
      fromMemberId: settlements.fromMemberId,
      toMemberId: settlements.toMemberId,
      amountOre: settlements.amountOre,
      currency: settlements.currency,
      method: settlements.method,
      note: settlements.note,
    })
    .from(settlements)
    .where(eq(settlements.groupId, groupId))
    .orderBy(asc(settlements.paidOn), asc(settlements.paidAt));
}
