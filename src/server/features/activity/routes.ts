import { createRoute } from '@hono/zod-openapi';
import { ACTIVITY_PAGE_SIZE, activityPage, activityParams, activityQuery } from '#shared/api/activity.ts';
import type { Db } from '../../db/client.ts';
import { requireUser } from '../../lib/context.ts';
import { createRouter } from '../../lib/router.ts';
import { listEvents } from './service.ts';

const routes = {
  list: createRoute({
    method: 'get',
    path: '/groups/{groupId}/events',
    tags: ['activity'],
    request: { params: activityParams, query: activityQuery },
    responses: {
      200: {
        description: 'What happened in the group, newest first, a page at a time',
        content: { 'application/json': { schema: activityPage } },
      },
    },
  }),
};

/** The group's Händelser: every change to its expenses, payments, members and name (decision 062). */
export function activityRoutes({ db }: { db: Db }) {
  return createRouter().openapi(routes.list, async (c) => {
    const page = await listEvents(db, requireUser(c).id, c.req.valid('param').groupId, {
      limit: ACTIVITY_PAGE_SIZE,
      cursor: c.req.valid('query').cursor ?? null,
    });
    return c.json(page, 200);
  });
}
