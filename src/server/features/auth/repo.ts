import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';

/** The profile row every account has from sign-up on (country defaults to Sverige in the schema). */
export async function createProfile(db: DbOrTx, input: { userId: string; name: string }): Promise<void> {
  await db.insert(profiles).values({ userId: input.userId, name: input.name }).onConflictDoNothing();
}

/** Keeps the profile's name equal to the account's after better-auth changed the latter (update-user). */
export async function renameProfile(db: DbOrTx, input: { userId: string; name: string }): Promise<void> {
  await db
    .update(profiles)
    .set({ name: input.name, updatedAt: new Date() })
    .where(and(eq(profiles.userId, input.userId), ne(profiles.name, input.name)));
}
