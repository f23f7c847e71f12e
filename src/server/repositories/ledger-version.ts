import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { ledgerVersions } from '../db/schema/index.ts';

/**
 * The group's ledger version (0 before anything bumped it): moved by triggers on every change balances and the
 * group's kept answers depend on (decisions 024, 075). One key lookup, prepared by name (decision 070).
 */
export async function ledgerVersion(db: DbOrTx, groupId: string): Promise<number> {
  const query = prepared(db, 'ledger_version', (d) =>
    d
      .select({ version: ledgerVersions.version })
      .from(ledgerVersions)
      .where(eq(ledgerVersions.groupId, sql.placeholder('groupId')))
      .prepare('ledger_version'),
  );
  const [row] = await query.execute({ groupId });
  return row?.version ?? 0;
}
