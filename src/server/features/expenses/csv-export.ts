import { csvAmount, csvFileName, toCsv } from '#shared/domain/csv.ts';
import { fill } from '#shared/i18n/sv.ts';
import { expenses as text } from '#shared/i18n/sv/expenses.ts';
import { requireMembership } from '../../lib/access.ts';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './repo.ts';
import { itemsOfGroup } from './items-repo.ts';
import type { ExpenseItem } from '#shared/api/expenses.ts';

const categoryLabel = (category: string) => (text.categories as Record<string, string>)[category] ?? category;
const nameOr = (name: string | null) => name ?? text.formerMember;

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
 * The group's expenses as a CSV for Swedish Excel and Google Sheets (decision 016), oldest first like a ledger:
 * Datum, Butik, Kategori, Belopp (decimal comma, the expense's currency), Valuta, Betalare, Deltagare, Rader.
 */
export async function exportCsv(
  db: DbOrTx,
  groupId: string,
  userId: string,
): Promise<{ fileName: string; body: string }> {
  const { group } = await requireMembership(db, groupId, userId);
  const [expenses, participants, items, members] = await Promise.all([
    repo.listExpenses(db, groupId),
    repo.participantNames(db, groupId),
    itemsOfGroup(db, groupId),
    repo.findGroupMembers(db, groupId),
  ]);
  const names = new Map(members.map((member) => [member.id, member.name]));
  const rows = expenses
    .reverse()
    .map((expense) => [
      expense.expenseDate,
      expense.merchant ?? '',
      categoryLabel(expense.category),
      csvAmount(expense.totalOre),
      expense.currency,
      nameOr(expense.payerName),
      (participants.get(expense.id) ?? []).map(nameOr).join(', '),
      itemsCell(items.get(expense.id) ?? [], names),
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
