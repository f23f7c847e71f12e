import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { collaborationRequests, newsletterSubscriptions } from '../../db/schema/index.ts';

/** A second sign-up of the same address changes nothing (the address is the key). */
export async function subscribe(db: DbOrTx, email: string): Promise<void> {
  await db.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing();
}

/** One open request per address is enough for the team to answer; repeats are dropped. */
export async function requestCollaboration(db: DbOrTx, email: string): Promise<void> {
  await db.execute(sql`
    insert into ${collaborationRequests} (email)
    select ${email} where not exists (select 1 from ${collaborationRequests} where email = ${email})`);
}
