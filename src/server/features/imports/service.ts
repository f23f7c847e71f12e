import type { ImportGroupBody, ImportPreview } from '#shared/api/imports.ts';
import { importedBalances } from '#shared/domain/import/model.ts';
import type { ImportedGroup } from '#shared/domain/import/model.ts';
import { IMPORT_MAX_BYTES, readImportFile } from '#shared/domain/import/read-import.ts';
import { memberLimit } from '#shared/domain/plans.ts';
import { mayAdmitMember } from '#shared/domain/policies.ts';
import * as sv from '#shared/i18n/sv.ts';
import type { Currency } from '#shared/domain/currency.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../../lib/context.ts';
import { AppError, unwrap } from '../../lib/errors.ts';
import { claimGroupPlace } from '../../repositories/group-places.ts';
import * as persist from './persist.ts';
import * as repo from './repo.ts';

export type ImportDeps = {
  db: Db;
  /** The groups feature's own insert of a group and its owner (composed in app.ts): null when the code is taken. */
  insertGroupWithOwner: (
    tx: DbOrTx,
    values: { name: string; description: string | null; currency: Currency; ownerId: string; inviteCode: string },
  ) => Promise<{ id: string } | null>;
  newInviteCode: () => string;
};

/** The file read, or the reason it cannot be, as an error code with the row and value that show where. */
function readFile(file: string): ImportedGroup {
  if (Buffer.byteLength(file, 'utf8') > IMPORT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  const read = readImportFile(file);
  if (read.ok) return read.group;
  const { code, row, expense, value } = read.problem;
  const fields = {
    ...(row === undefined ? {} : { row: String(row) }),
    ...(expense === undefined ? {} : { expense: String(expense) }),
    ...(value === undefined ? {} : { value }),
  };
  throw new AppError(code, Object.keys(fields).length > 0 ? fields : undefined);
}

const sameName = (a: string, b: string) => a.localeCompare(b, 'sv', { sensitivity: 'base' }) === 0;

/** What the group would be; nothing is saved. */
export async function previewImport({ db }: ImportDeps, user: SessionUser, file: string): Promise<ImportPreview> {
  const group = readFile(file);
  const balances = importedBalances(group);
  // The caller by their whole name, else by their first name ("Anna" in the file, "Anna Lind" in Kvitt), when one fits.
  const byName = group.people.filter((person) => sameName(person.name, user.name));
  const firstName = user.name.trim().split(/\s+/)[0] ?? '';
  const mine = byName.length > 0 ? byName : group.people.filter((person) => sameName(person.name, firstName));
  const dates = group.expenses.map((expense) => expense.date).sort();
  return {
    format: group.format,
    suggestedName: group.name ?? sv.fill(sv.imports.suggestedName, { app: sv.imports.appNames[group.format] }),
    currency: group.currency,
    people: group.people.map((person) => ({
      key: person.key,
      name: person.name,
      balanceOre: balances.get(person.key) ?? 0,
      likelyMe: mine.length === 1 && mine[0] === person,
    })),
    expenseCount: group.expenses.length,
    paymentCount: group.payments.length,
    totalOre: group.expenses.reduce((sum, expense) => sum + expense.totalOre, 0),
    firstDate: dates[0] ?? null,
    lastDate: dates.at(-1) ?? null,
    warnings: group.warnings,
    memberLimit: memberLimit(await repo.planOf(db, user.id)),
  };
}

/**
 * Creates the group from the file: the caller owns it as the person `me`, everyone else becomes a person without an
 * account, and every expense and payment is saved in the same transaction as the group (decision 063), with the
 * checks a new group and a joining member get: a place among the caller's groups and room in the owner's plan.
 */
export async function importGroup(deps: ImportDeps, user: SessionUser, body: ImportGroupBody): Promise<string> {
  const group = readFile(body.file);
  if (!group.people.some((person) => person.key === body.me))
    throw new AppError('VALIDATION', { me: 'importMeRequired' });
  unwrap(mayAdmitMember({ plan: await repo.planOf(deps.db, user.id) }, group.people.length - 1));
  return deps.db.transaction(async (tx) => {
    await claimGroupPlace(tx, user.id);
    let created: { id: string } | null = null;
    for (let attempt = 0; attempt < 5 && !created; attempt += 1) {
      created = await deps.insertGroupWithOwner(tx, {
        name: body.name,
        description: null,
        currency: group.currency,
        ownerId: user.id,
        inviteCode: deps.newInviteCode(),
      });
    }
    if (!created) throw new Error('could not draw a free group code in 5 attempts');
    await persist.saveImportedGroup(tx, {
      groupId: created.id,
      userId: user.id,
      ownerName: user.name,
      me: body.me,
      group,
    });
    return created.id;
  });
}
