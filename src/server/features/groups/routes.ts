import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { GROUP_IMAGE_TYPES, describeImageTypes } from '#shared/api/image-types.ts';
import {
  GROUP_IMAGE_MAX_BYTES,
  createGroupBody,
  groupListResponse,
  groupParams,
  groupResponse,
  memberParams,
  membersResponse,
  personBody,
  personResponse,
  updateGroupBody,
} from '#shared/api/groups.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { requireUser } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { createRouter } from '../../lib/router.ts';
import * as people from './people.ts';
import * as service from './service.ts';
import type { GroupDeps } from './service.ts';

const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const noContent = { 204: { description: 'Done' } };
const tags = ['groups'];
const imageBody = z.string().describe(`${describeImageTypes(GROUP_IMAGE_TYPES)} bytes; checked by content`);

const routes = {
  list: createRoute({
    method: 'get',
    path: '/groups',
    tags,
    responses: { 200: json(groupListResponse, 'The caller’s groups, latest change first') },
  }),
  create: createRoute({
    method: 'post',
    path: '/groups',
    tags,
    request: { body: { content: { 'application/json': { schema: createGroupBody } }, required: true } },
    responses: { 201: json(groupResponse, 'The new group; the caller is its owner') },
  }),
  get: createRoute({
    method: 'get',
    path: '/groups/{groupId}',
    tags,
    request: { params: groupParams },
    responses: { 200: json(groupResponse, 'The group') },
  }),
  update: createRoute({
    method: 'patch',
    path: '/groups/{groupId}',
    tags,
    request: {
      params: groupParams,
      body: { content: { 'application/json': { schema: updateGroupBody } }, required: true },
    },
    responses: { 200: json(groupResponse, 'The renamed group') },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/groups/{groupId}',
    tags,
    request: { params: groupParams },
    responses: noContent,
  }),
  putImage: createRoute({
    method: 'put',
    path: '/groups/{groupId}/image',
    tags,
    middleware: [bodyLimit({ maxSize: GROUP_IMAGE_MAX_BYTES })] as const,
    request: {
      params: groupParams,
      body: {
        content: Object.fromEntries(GROUP_IMAGE_TYPES.map((type) => [type, { schema: imageBody }])),
        required: true,
      },
    },
    responses: { 200: json(groupResponse, 'The group with its new image URL') },
  }),
  deleteImage: createRoute({
    method: 'delete',
    path: '/groups/{groupId}/image',
    tags,
    request: { params: groupParams },
    responses: { 200: json(groupResponse, 'The group without image') },
  }),
  getImage: createRoute({
    method: 'get',
    path: '/groups/{groupId}/image',
    tags,
    request: { params: groupParams },
    responses: {
      200: { description: 'The group image (members only)', content: { 'image/webp': { schema: z.string() } } },
    },
  }),
  members: createRoute({
    method: 'get',
    path: '/groups/{groupId}/members',
    tags,
    request: { params: groupParams },
    responses: { 200: json(membersResponse, 'Every membership, removed ones marked') },
  }),
  addPerson: createRoute({
    method: 'post',
    path: '/groups/{groupId}/people',
    tags,
    description: 'Adds a person without an account, by name; the place counts toward the member cap (decision 056).',
    request: { params: groupParams, body: { content: { 'application/json': { schema: personBody } }, required: true } },
    responses: { 201: json(personResponse, 'The new membership, kind placeholder') },
  }),
  renamePerson: createRoute({
    method: 'patch',
    path: '/groups/{groupId}/people/{memberId}',
    tags,
    request: {
      params: memberParams,
      body: { content: { 'application/json': { schema: personBody } }, required: true },
    },
    responses: { 200: json(personResponse, 'The renamed person') },
  }),
  removePerson: createRoute({
    method: 'delete',
    path: '/groups/{groupId}/people/{memberId}',
    tags,
    description: 'Deletes a person without an account while no expense or payment names them (PERSON_HAS_HISTORY).',
    request: { params: memberParams },
    responses: noContent,
  }),
  removeMember: createRoute({
    method: 'delete',
    path: '/groups/{groupId}/members/{memberId}',
    tags,
    request: { params: memberParams },
    responses: noContent,
  }),
};

/** Creating a group while signed out answers "Inte inloggad" rather than the generic session text. */
function requireSignedInCreator(c: Context<AppEnv>) {
  const user = c.get('user');
  if (!user) throw new AppError('NOT_SIGNED_IN');
  return user;
}

/** Groups: create, list, read, rename, delete, image, members. Membership and ownership are checked in the service. */
export function groupRoutes(deps: GroupDeps) {
  return createRouter()
    .openapi(routes.list, async (c) => c.json({ groups: await service.listGroups(deps, requireUser(c).id) }, 200))
    .openapi(routes.create, async (c) => {
      const user = requireSignedInCreator(c);
      return c.json({ group: await service.createGroup(deps, user.id, c.req.valid('json')) }, 201);
    })
    .openapi(routes.get, async (c) =>
      c.json({ group: await service.getGroup(deps, requireUser(c).id, c.req.valid('param').groupId) }, 200),
    )
    .openapi(routes.update, async (c) => {
      const group = await service.updateGroup(
        deps,
        requireUser(c).id,
        c.req.valid('param').groupId,
        c.req.valid('json'),
      );
      return c.json({ group }, 200);
    })
    .openapi(routes.remove, async (c) => {
      await service.deleteGroup(deps, requireUser(c).id, c.req.valid('param').groupId);
      return c.body(null, 204);
    })
    .openapi(routes.putImage, async (c) => {
      // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- a route with a raw body has hono type its env as `any`
      const user = requireUser(c);
      if (!c.req.header('content-type')?.startsWith('image/')) throw new AppError('INVALID_IMAGE');
      const body = Buffer.from(await c.req.arrayBuffer());
      return c.json({ group: await service.setGroupImage(deps, user.id, c.req.valid('param').groupId, body) }, 200);
    })
    .openapi(routes.deleteImage, async (c) =>
      c.json({ group: await service.removeGroupImage(deps, requireUser(c).id, c.req.valid('param').groupId) }, 200),
    )
    .openapi(routes.getImage, async (c) => {
      const file = await service.readGroupImage(deps, requireUser(c).id, c.req.valid('param').groupId);
      // The URL changes with every upload, so the browser may keep it; `private` keeps shared caches out.
      c.header('Cache-Control', 'private, max-age=31536000, immutable');
      return c.body(new Uint8Array(file.body), 200, { 'Content-Type': file.contentType });
    })
    .openapi(routes.members, async (c) =>
      c.json({ members: await service.listMembers(deps, requireUser(c).id, c.req.valid('param').groupId) }, 200),
    )
    .openapi(routes.addPerson, async (c) => {
      const { groupId } = c.req.valid('param');
      const member = await people.addPerson(deps.db, requireUser(c).id, groupId, c.req.valid('json').name);
      return c.json({ member }, 201);
    })
    .openapi(routes.renamePerson, async (c) => {
      const { groupId, memberId } = c.req.valid('param');
      const name = c.req.valid('json').name;
      return c.json({ member: await people.renamePerson(deps.db, requireUser(c).id, groupId, memberId, name) }, 200);
    })
    .openapi(routes.removePerson, async (c) => {
      const { groupId, memberId } = c.req.valid('param');
      await people.removePerson(deps.db, requireUser(c).id, groupId, memberId);
      return c.body(null, 204);
    })
    .openapi(routes.removeMember, async (c) => {
      const { groupId, memberId } = c.req.valid('param');
      await service.removeMember(deps, requireUser(c).id, groupId, memberId);
      return c.body(null, 204);
    });
}
