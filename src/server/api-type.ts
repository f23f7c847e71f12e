import type { Hono } from 'hono';
import type { MergeSchemaPath } from 'hono/types';
import type { accountRoutes } from './features/account/routes.ts';
import type { activityRoutes } from './features/activity/routes.ts';
import type { assistRoutes } from './features/assist/routes.ts';
import type { billingRoutes } from './features/billing/routes.ts';
import type { expenseRoutes } from './features/expenses/routes.ts';
import type { recurringRoutes } from './features/expenses/recurring-routes.ts';
import type { groupRoutes } from './features/groups/routes.ts';
import type { healthRoutes } from './features/health/routes.ts';
import type { importRoutes } from './features/imports/routes.ts';
import type { inviteRoutes } from './features/invites/routes.ts';
import type { pushRoutes } from './features/push/routes.ts';
import type { settlementRoutes } from './features/settlement/routes.ts';
import type { siteRoutes } from './features/site/routes.ts';
import type { AppEnv } from './lib/context.ts';

/** The schema (paths, methods, inputs, answers) of one feature's router, as app.ts mounts it under /api. */
type MountedUnderApi<Routes> = Routes extends (...args: never[]) => Hono<infer _Env, infer Schema, infer _Base>
  ? MergeSchemaPath<Schema, '/api'>
  : never;

/**
 * The type of our API as the route definitions declare it, for the web's typed client (decision 045). Types only: the
 * web imports this file with `import type`, so no server code reaches the browser. better-auth's endpoints under
 * /api/auth and the event stream are not here; a router added to app.ts belongs here too.
 */
export type ApiApp = Hono<
  AppEnv,
  | MountedUnderApi<typeof accountRoutes>
  | MountedUnderApi<typeof activityRoutes>
  | MountedUnderApi<typeof importRoutes>
  | MountedUnderApi<typeof assistRoutes>
  | MountedUnderApi<typeof billingRoutes>
  | MountedUnderApi<typeof expenseRoutes>
  | MountedUnderApi<typeof groupRoutes>
  | MountedUnderApi<typeof healthRoutes>
  | MountedUnderApi<typeof inviteRoutes>
  | MountedUnderApi<typeof pushRoutes>
  | MountedUnderApi<typeof recurringRoutes>
  | MountedUnderApi<typeof settlementRoutes>
  | MountedUnderApi<typeof siteRoutes>,
  '/'
>;
