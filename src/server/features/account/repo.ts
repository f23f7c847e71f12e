import { eq } from 'drizzle-orm';
import type { Profile } from '#shared/api/account.ts';
import type { DbOrTx } from '../../db/client.ts';
import { profiles, users } from '../../db/schema/index.ts';

export type ProfileFields = Omit<Profile, 'email' | 'plan'>;

/** The caller's profile with the e-mail of their account; null only if the account itself is gone. */
export async function findProfile(db: DbOrTx, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select({ user: { name: users.name, email: users.email }, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const p = row.profile;
  return {
    name: p?.name ?? row.user.name,
    email: row.user.email,
    phone: p?.phone ?? null,
    address: p?.address ?? null,
    postalCode: p?.postalCode ?? null,
    city: p?.city ?? null,
    country: p ? p.country : 'Sverige',
    plan: p?.plan ?? 'plus',
  };
}

/**
 * Writes the profile, creating it if sign-up's hook never ran, and keeps the account's name the same so the
 * session (sidebar, e-mails) shows the new name too.
 */
export async function saveProfile(db: DbOrTx, userId: string, fields: ProfileFields): Promise<void> {
  const now = new Date();
  await db
    .insert(profiles)
    .values({ userId, ...fields, updatedAt: now })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt: now } });
  await db.update(users).set({ name: fields.name, updatedAt: now }).where(eq(users.id, userId));
}
