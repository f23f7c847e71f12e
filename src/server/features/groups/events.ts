import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { requireUser } from '../../lib/context.ts';
import type { Logger } from '../../lib/logger.ts';
import { openUserFeed } from '../../lib/realtime.ts';
import type { Realtime } from '../../lib/realtime.ts';
import { createRouter } from '../../lib/router.ts';
import { watchSession } from '../../lib/session-watch.ts';
import { groupIdsOf } from './repo.ts';

/**
 * Often enough that proxies with a 60 s idle timeout keep the stream open and dead clients are noticed; the stream's
 * session is read again as often, so an expired one ends its stream within this time (decision 038).
 */
const HEARTBEAT_MS = 25_000;

const route = createRoute({
  method: 'get',
  path: '/events',
  tags: ['realtime'],
  description:
    'Server-sent events: `ready` once subscribed, then `change` with {table, op, groupId, mine} for changes in the ' +
    'caller’s groups and to the caller’s own memberships. The stream ends when the session it was opened with ends.',
  responses: { 200: { description: 'An open event stream', content: { 'text/event-stream': { schema: z.string() } } } },
});

/** GET /api/events: the live channel that keeps the sidebar, /app and open group pages current without a reload. */
export function eventRoutes({ db, realtime, logger }: { db: Db; realtime: Realtime; logger: Logger }) {
  return createRouter().openapi(route, (c) => {
    const user = requireUser(c);
    const sessionId = c.get('sessionId');
    if (!sessionId) throw new AppError('UNAUTHENTICATED');
    const log = c.get('log') ?? logger;
    c.header('Cache-Control', 'no-store');
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const session = await watchSession({
        db,
        realtime,
        sessionId,
        userId: user.id,
        recheckMs: HEARTBEAT_MS,
        onError: (error) => log.warn({ err: error }, 'event stream session not checked'),
      });
      try {
        const closed = Promise.race([
          new Promise<void>((resolve) => stream.onAbort(resolve)),
          realtime.closing,
          session.ended,
        ]);
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
      } finally {
        session.stop();
      }
    });
  });
}
