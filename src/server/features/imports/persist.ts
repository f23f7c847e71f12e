import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ImportedGroup } from '#shared/domain/import/model.ts';
import { uniqueName } from '#shared/domain/import/read-import.ts';
import { mainPayer } from '#shared/domain/payers.ts';
import type { Tx } from '../../db/client.ts';
import { auditLog, expensePayers, expenseShares, expenses, groupMembers, settlements } from '../../db/schema/index.ts';
import { expenseSnapshot, recordEvents } from '../../repositories/activity.ts';

/** Rows per insert: well under PostgreSQL's 65 535 parameters for the widest table here. */
const CHUNK = 500;

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

/**
 * Saves an imported group's people, expenses and payments into the group just created, inside its transaction
 * (decision 063). The source person `me` is the owner's membership; every other person is a person without an
 * account. Expenses are saved as the expense service saves them, with exact amounts ("absolute" shares), their
 * payers and a main payer; payments as recorded ones. The ledger triggers see the rows; the Händelser tab gets an
 * event for each person added, expense and payment, and the audit log one entry for the import.
 */
export async function saveImportedGroup(
  tx: Tx,
  input: { groupId: string; userId: string; ownerName: string; me: string; group: ImportedGroup },
): Promise<void> {
  const { groupId, group } = input;
  const [owner] = await tx
    .select({ id: groupMembers.id })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, input.userId)));
  if (!owner) throw new Error('the new group has no owner membership');
  // Nobody else in the group goes by the owner's name: a person of the file who does becomes "Anna 2".
  const taken = new Set([input.ownerName.toLowerCase()]);
  const others = group.people
    .filter((person) => person.key !== input.me)
    .map((person) => ({ ...person, name: uniqueName(person.name, taken) }));
  const inserted =
    others.length === 0
      ? []
      : await tx
          .insert(groupMembers)
          .values(
            others.map((person) => ({
              groupId,
              kind: 'placeholder' as const,
              displayName: person.name,
              role: 'member' as const,
            })),
          )
          .returning({ id: groupMembers.id });
  const memberOf = new Map<string, string>([[input.me, owner.id]]);
  others.forEach((person, i) => memberOf.set(person.key, inserted[i]?.id ?? ''));
  const member = (key: string) => memberOf.get(key) ?? '';

  const saved = group.expenses.map((expense) => ({
    id: randomUUID(),
    groupId,
    payerMemberId: member(mainPayer(expense.payers.map((p) => ({ memberId: p.person, amountOre: p.amountOre })))),
    createdByMemberId: owner.id,
    totalOre: expense.totalOre,
    currency: group.currency,
    expenseDate: expense.date,
    merchant: expense.title || null,
    category: expense.category,
    note: null,
    splitMethod: 'absolute' as const,
  }));
  await insertChunked(saved, (rows) => tx.insert(expenses).values(rows));
  const shares = group.expenses.flatMap((expense, i) =>
    expense.shares.map((share) => ({
      expenseId: saved[i]?.id ?? '',
      memberId: member(share.person),
      shareType: 'absolute' as const,
      shareInput: share.amountOre,
      shareOre: share.amountOre,
      // In the group's currency at rate 1, the amount in the group currency is the amount itself (decision 078).
      groupShareOre: share.amountOre,
    })),
  );
  await insertChunked(shares, (rows) => tx.insert(expenseShares).values(rows));
  const payers = group.expenses.flatMap((expense, i) =>
    expense.payers.map((payer) => ({
      expenseId: saved[i]?.id ?? '',
      memberId: member(payer.person),
      amountOre: payer.amountOre,
      groupAmountOre: payer.amountOre,
    })),
  );
  await insertChunked(payers, (rows) => tx.insert(expensePayers).values(rows));
  // A payment of the source is one typed in by hand (decision 059), on its day, recorded by the importer.
  const payments = group.payments.map((payment) => ({
    groupId,
    kind: 'recorded' as const,
    fromMemberId: member(payment.from),
    toMemberId: member(payment.to),
    amountOre: payment.amountOre,
    currency: group.currency,
    paidOn: payment.date,
    recordedByMemberId: owner.id,
  }));
  await insertChunked(payments, (rows) => tx.insert(settlements).values(rows));

  await recordEvents(tx, groupId, owner.id, [
    ...others.map((person) => ({ kind: 'person_added' as const, name: person.name })),
    ...saved.map((expense) => ({
      kind: 'expense_added' as const,
      expenseId: expense.id,
      after: expenseSnapshot(expense),
    })),
    ...payments.map((payment) => ({
      kind: 'payment_recorded' as const,
      fromMemberId: payment.fromMemberId,
      toMemberId: payment.toMemberId,
      amountOre: payment.amountOre,
      currency: group.currency,
    })),
  ]);
  await tx.insert(auditLog).values({
    groupId,
    actorId: input.userId,
    entityType: 'group',
    entityId: groupId,
    action: 'imported',
    diffJson: {
      format: group.format,
      people: group.people.length,
      expenses: group.expenses.length,
      payments: group.payments.length,
    },
  });
}
