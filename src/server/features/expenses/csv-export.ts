import { csvAmount, csvFileName, toCsv } from '#shared/domain/csv.ts';
import { fill } from '#shared/i18n/sv.ts';
import { expenses as text } from '#shared/i18n/sv/expenses.ts';
import { settlement } from '#shared/i18n/sv/settlement.ts';
import { requireMembership } from '../../lib/access.ts';
import type { DbOrTx } from '../../db/client.ts';
import { listGroupMemberships } from '../../repositories/memberships.ts';
import { listPaymentsForExport } from '../../repositories/payments.ts';
import type { ExportedPayment } from '../../repositories/payments.ts';
import * as repo from './repo.ts';
import type { ExpenseItem } from '#shared/api/expenses.ts';
import { itemsOfGroup } from './items-repo.ts';

const categoryLabel = (category: string) => (text.categories as Record<string, string>)[category] ?? category;
const nameOr = (name: string | null) => name ?? text.formerMember;

/**
 * The Betalare cell: the payer's name, or with several payers each name and amount in the expense's currency,
 * "Anna 300,00; Bo 200,00" (decision 057); the semicolons make the cell quoted, and Excel shows it as one cell.
 */
function payersCell(payers: ReadonlyArray<{ name: string | null; amountOre: number }>): string {
  if (payers.length === 1) return nameOr(payers[0]?.name ?? null);
  return payers
    .map((payer) => fill(text.csv.payerAmount, { name: nameOr(payer.name), amount: csvAmount(payer.amountOre) }))
    .join('; ');
}

/**
 * The Rader cell of an expense split "Per rad" (decision 058): each line with its amount and who took it,
 * "Mjölk 15,90 (Anna, Bo); Bröd 32,00 (Anna)"; empty for every other method.
 */
function itemsCell(items: readonly ExpenseItem[], names: ReadonlyMap<string, string | null>): string {
  return items
    .map((item) =>
      fill(item.text ? text.csv.item : text.csv.itemWithoutText, {
        text: item.text,
        amount: csvAmount(item.amountOre),
        names: item.memberIds.map((id) => nameOr(names.get(id) ?? null)).join(', '),
      }),
    )
    .join('; ');
}

/**
 * A payment as a ledger line (decision 059): Kategori "Betalning", the way it went and its note where the shop goes,
 * the one who paid as Betalare and the one who got the money as Deltagare, which is how it moves the balances.
 */
function paymentCells(payment: ExportedPayment, names: Map<string, string | null>): string[] {
  const how = payment.method ? settlement.methods[payment.method] : null;
  return [
    payment.paidOn,
    [how, payment.note].filter(Boolean).join(' – '),
    text.csv.paymentCategory,
    csvAmount(payment.amountOre),
    payment.currency,
    nameOr(names.get(payment.fromMemberId) ?? null),
    nameOr(names.get(payment.toMemberId) ?? null),
    '',
  ];
}

/**
 * The group's expenses and payments as a CSV for Swedish Excel and Google Sheets (decision 016), oldest first like a
 * ledger: Datum, Butik, Kategori, Belopp (decimal comma, the expense's currency), Valuta, Betalare, Deltagare, Rader.
 */
export async function exportCsv(
  db: DbOrTx,
  groupId: string,
  userId: string,
): Promise<{ fileName: string; body: string }> {
  const { group } = await requireMembership(db, groupId, userId);
  const [expenses, participants, payments, members, items] = await Promise.all([
    repo.listExpenses(db, groupId),
    repo.participantNames(db, groupId),
    listPaymentsForExport(db, groupId),
    listGroupMemberships(db, groupId),
    itemsOfGroup(db, groupId),
  ]);
  const names = new Map(members.map((m) => [m.id, m.name]));
  const lines = [
    ...expenses.reverse().map((expense) => ({
      date: expense.expenseDate,
      cells: [
        expense.expenseDate,
        expense.merchant ?? '',
        categoryLabel(expense.category),
        csvAmount(expense.totalOre),
        expense.currency,
        payersCell(expense.payers),
        (participants.get(expense.id) ?? []).map(nameOr).join(', '),
        itemsCell(items.get(expense.id) ?? [], names),
      ],
    })),
    ...payments.map((payment) => ({ date: payment.paidOn, cells: paymentCells(payment, names) })),
  ];
  // A stable sort: on the same day, expenses keep their order and come before the payments.
  lines.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { fileName: csvFileName(group.name), body: toCsv([[...text.csv.headers], ...lines.map((l) => l.cells)]) };
}

/** Content-Disposition for a name with å, ä, ö: an ASCII fallback plus the RFC 5987 UTF-8 form browsers prefer. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*!]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
