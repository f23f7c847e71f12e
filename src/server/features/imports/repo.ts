import { eq } from 'drizzle-orm';
import type { PlanId } from '#shared/domain/plans.ts';
import type { DbOrTx } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';

/** The user's plan; Gratis when they have no profile row yet. */
export async function planOf(db: DbOrTx, userId: string): Promise<PlanId> {
  const [row] = await db.select({ plan: profiles.plan }).from(profiles).where(eq(profiles.userId, userId));
  return row?.plan ?? 'plus';
}
