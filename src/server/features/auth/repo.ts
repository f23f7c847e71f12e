import type { DbOrTx } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';

/** The profile row every account has from sign-up on (country defaults to Sverige in the schema). */
export async function createProfile(db: DbOrTx, input: { userId: string; name: string }): Promise<void> {
  await db.insert(profiles).values({ userId: input.userId, name: input.name.trim() }).onConflictDoNothing();
}
