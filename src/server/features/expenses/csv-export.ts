import { csvAmount, csvFileName, toCsv } from '#shared/domain/csv.ts';
import { fill } from '#shared/i18n/sv.ts';
import { expenses as text } from '#shared/i18n/sv/expenses.ts';
import { requireMembership } from '../../lib/access.ts';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './repo.ts';

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
 * The group's expenses as a CSV for Swedish Excel and Google Sheets (decision 016), oldest first like a ledger:
 * Datum, Butik, Kategori, Belopp (decimal comma, the expense's currency), Valuta, Betalare, Deltagare.
 */
export async function exportCsv(
  db: DbOrTx,
  groupId: string,
  userId: string,
): Promise<{ fileName: string; body: string }> {
  const { group } = await requireMembership(db, groupId, userId);
  const [expenses, participants] = await Promise.all([
    repo.listExpenses(db, groupId),
    repo.participantNames(db, groupId),
  ]);
  const rows = expenses
    .reverse()
    .map((expense) => [
      expense.expenseDate,
      expense.merchant ?? '',
      categoryLabel(expense.category),
      csvAmount(expense.totalOre),
      expense.currency,
      payersCell(expense.payers),
      (participants.get(expense.id) ?? []).map(nameOr).join(', '),
    ]);
  return { fileName: csvFileName(group.name), body: toCsv([[...text.csv.headers], ...rows]) };
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
