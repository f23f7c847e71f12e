import { createRoute, z } from '@hono/zod-openapi';
import type { Database } from '../../db/client.ts';
import { createRouter } from '../../lib/router.ts';

const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.object({ applied: z.number().int(), known: z.number().int() }),
});

const route = createRoute({
  method: 'get',
  path: '/health',
  tags: ['health'],
  responses: { 200: { description: 'The server runs and its database is migrated', content: { 'application/json': { schema: healthResponse } } } },
});

/** Liveness plus what an operator asks first: which database, and are all migrations applied. */
export function healthRoutes({ database }: { database: Database }) {
  return createRouter().openapi(route, async (c) => {
    const migrations = await database.migrationState();
    return c.json({ status: 'ok' as const, database: database.kind, migrations }, 200);
  });
}
