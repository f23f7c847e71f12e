import { createRoute } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { importGroupBody, importGroupResponse, importPreviewBody, importPreviewResponse } from '#shared/api/imports.ts';
import { IMPORT_MAX_BYTES } from '#shared/domain/import/read-import.ts';
import { requireUser } from '../../lib/context.ts';
import { createRouter } from '../../lib/router.ts';
import * as service from './service.ts';
import type { ImportDeps } from './service.ts';

const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const tags = ['imports'];
// The file travels as a JSON string: quotes and backslashes escaped can make it up to twice its size.
const limit = () => bodyLimit({ maxSize: 2 * IMPORT_MAX_BYTES + 64 * 1024 });

const routes = {
  preview: createRoute({
    method: 'post',
    path: '/imports/preview',
    tags,
    description:
      'Reads an export of Splitwise (CSV), Tricount (CSV) or Spliit (JSON or CSV) and answers the group it would make; ' +
      'saves nothing. A file that is none of them answers one of the IMPORT_* codes, with fields.row and fields.value.',
    request: { body: { content: { 'application/json': { schema: importPreviewBody } }, required: true } },
    responses: { 200: json(importPreviewResponse, 'The group the file describes, with each person’s balance') },
  }),
  create: createRoute({
    method: 'post',
    path: '/imports',
    tags,
    description:
      'Creates a new group from the same file: the caller is the person `me`, everyone else a person without an ' +
      'account; every expense and payment is saved in one transaction.',
    request: { body: { content: { 'application/json': { schema: importGroupBody } }, required: true } },
    responses: { 201: json(importGroupResponse, 'The new group; the caller is its owner') },
  }),
};

/** Importing a group from another app's export (decision 063). */
export function importRoutes(deps: ImportDeps) {
  const router = createRouter();
  router.use('/imports', limit());
  router.use('/imports/*', limit());
  return router
    .openapi(routes.preview, async (c) => {
      const preview = await service.previewImport(deps, requireUser(c), c.req.valid('json').file);
      return c.json({ preview }, 200);
    })
    .openapi(routes.create, async (c) => {
      const groupId = await service.importGroup(deps, requireUser(c), c.req.valid('json'));
      return c.json({ groupId }, 201);
    });
}
