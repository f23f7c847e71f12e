import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { Db } from '../../db/client.ts';
import { requireUser } from '../../lib/context.ts';
import type { Logger } from '../../lib/logger.ts';
import { openUserFeed } from '../../lib/realtime.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { createRouter } from '../../lib/router.ts';
import { groupIdsOf } from './repo.ts';

/** Often enough that proxies with a 60 s idle timeout keep the stream open and dead clients are noticed. */
const HEARTBEAT_MS = 25_000;

const route = createRoute({
  method: 'get',
  path: '/events',
  tags: ['realtime'],
  description:
    'Server-sent events: `ready` once subscribed, then `change` with {table, op, groupId, mine} for changes in the ' +
    'caller’s groups and to the caller’s own memberships.',
  responses: { 200: { description: 'An open event stream', content: { 'text/event-stream': { schema: z.string() } } } },
});

/** GET /api/events: the live channel that keeps the sidebar, /app and open group pages current without a reload. */
export function eventRoutes({ db, realtime, logger }: { db: Db; realtime: Realtime; logger: Logger }) {
  return createRouter().openapi(route, (c) => {
    const user = requireUser(c);
    const log = c.get('log') ?? logger;
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const closed = Promise.race([new Promise<void>((resolve) => stream.onAbort(resolve)), realtime.closing]);
      const unsubscribe = await openUserFeed({
        realtime,
        userId: user.id,
        loadGroupIds: () => groupIdsOf(db, user.id),
        send: (change) => stream.writeSSE({ event: 'change', data: JSON.stringify(change) }),
        onError: (error) => log.error({ err: error }, 'event stream change not delivered'),
      });
      const heartbeat = setInterval(() => void stream.write(': ping\n\n'), HEARTBEAT_MS);
      try {
        await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
        await closed;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
      }
    });
  });
}
