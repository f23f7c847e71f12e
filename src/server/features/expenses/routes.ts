import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import {
  RECEIPT_IMAGE_MAX_BYTES,
  createExpenseBody,
  exchangeRateQuery,
  exchangeRateResponse,
  expenseGroupParams,
  receiptImageResponse,
  expenseListQuery,
  expenseListResponse,
  expenseParams,
  expenseResponse,
  updateExpenseBody,
} from '#shared/api/expenses.ts';
import { RECEIPT_IMAGE_TYPES, describeImageTypes } from '#shared/api/image-types.ts';
import type { ExpenseListResponse } from '#shared/api/expenses.ts';
import type { Db } from '../../db/client.ts';
import { jsonBytes } from '../../lib/answer-cache.ts';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import type { Env } from '../../env.ts';
import { requireUser } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { createExchangeRates } from '../../lib/exchange-rates/exchange-rates.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Notifier } from '../../lib/push/notifier.ts';
import { createRouter } from '../../lib/router.ts';
import type { Storage } from '../../lib/storage.ts';
import { createAttachments } from './attachments.ts';
import { attachmentHeader, exportCsv } from './csv-export.ts';
import { createExpenseService } from './service.ts';

const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const jsonBody = <T>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
const tags = ['expenses'];
const receiptImageBody = z.string().describe(`${describeImageTypes(RECEIPT_IMAGE_TYPES)} bytes; checked by content`);

const routes = {
  list: createRoute({
    method: 'get',
    path: '/groups/{groupId}/expenses',
    tags,
    request: { params: expenseGroupParams, query: expenseListQuery },
    responses: { 200: json(expenseListResponse, 'One page of the group’s expenses, newest first') },
  }),
  create: createRoute({
    method: 'post',
    path: '/groups/{groupId}/expenses',
    tags,
    request: { params: expenseGroupParams, body: jsonBody(createExpenseBody) },
    responses: { 201: json(expenseResponse, 'The saved expense with the shares the server computed') },
  }),
  get: createRoute({
    method: 'get',
    path: '/expenses/{expenseId}',
    tags,
    request: { params: expenseParams },
    responses: { 200: json(expenseResponse, 'One expense with its shares') },
  }),
  update: createRoute({
    method: 'patch',
    path: '/expenses/{expenseId}',
    tags,
    request: { params: expenseParams, body: jsonBody(updateExpenseBody) },
    responses: { 200: json(expenseResponse, 'The updated expense (payer only, group not settled)') },
  }),
  remove: createRoute({
    method: 'delete',
    path: '/expenses/{expenseId}',
    tags,
    request: { params: expenseParams },
    responses: { 204: { description: 'Deleted' } },
  }),
  upload: createRoute({
    method: 'post',
    path: '/groups/{groupId}/receipt-images',
    tags,
    // Refused while streaming, before a 10 MB+ body is held in memory; the 413 becomes PAYLOAD_TOO_LARGE.
    middleware: [bodyLimit({ maxSize: RECEIPT_IMAGE_MAX_BYTES })] as const,
    request: {
      params: expenseGroupParams,
      // Browsers send the file's own type, or none they know (HEIC on Windows); the bytes decide either way.
      body: {
        content: Object.fromEntries(
          [...RECEIPT_IMAGE_TYPES, 'application/octet-stream'].map((type) => [type, { schema: receiptImageBody }]),
        ),
        required: true,
      },
    },
    responses: { 201: json(receiptImageResponse, 'The stored image, to attach by id when the expense is saved') },
  }),
  image: createRoute({
    method: 'get',
    path: '/expenses/{expenseId}/image',
    tags,
    request: { params: expenseParams },
    responses: {
      200: { description: 'The receipt image (members only)', content: { 'image/jpeg': { schema: z.string() } } },
    },
  }),
  thumbnail: createRoute({
    method: 'get',
    path: '/expenses/{expenseId}/thumbnail',
    tags,
    request: { params: expenseParams },
    responses: {
      200: {
        description: 'A small preview of the receipt image (members only)',
        content: { 'image/jpeg': { schema: z.string() } },
      },
    },
  }),
  csv: createRoute({
    method: 'get',
    path: '/groups/{groupId}/expenses.csv',
    tags,
    request: { params: expenseGroupParams },
    responses: {
      200: {
        description: 'Every expense as CSV for Swedish spreadsheets',
        content: { 'text/csv': { schema: z.string() } },
      },
    },
  }),
  rate: createRoute({
    method: 'get',
    path: '/exchange-rates',
    tags,
    request: { query: exchangeRateQuery },
    responses: { 200: json(exchangeRateResponse, 'The rate an expense of that date would be saved with') },
  }),
};

export type ExpenseRouteDeps = {
  db: Db;
  storage: Storage;
  env: Env;
  logger: Logger;
  notifier: Notifier;
  /** The group answers kept per ledger version (decision 075), shared with the other group reads. */
  answers: AnswerCache;
};

/** Expenses: expenses of a group, their images, the CSV export and the exchange rate the form previews. */
export function expenseRoutes({ db, storage, env, logger, notifier, answers }: ExpenseRouteDeps) {
  const rates = createExchangeRates({ db, url: env.ECB_RATES_URL, logger });
  const deps = { db, storage, rates, logger };
  const expenses = createExpenseService(deps);
  const attachments = createAttachments(deps, expenses);
  const imageResponse = async (expenseId: string, userId: string, kind: 'image' | 'thumbnail') => {
    const file = await attachments.read(expenseId, userId, kind);
    // Private: a shared cache must never hand one group's receipt image to someone else. The URL changes with the image.
    return new Response(new Uint8Array(file.body), {
      status: 200,
      headers: { 'Content-Type': file.contentType, 'Cache-Control': 'private, max-age=86400' },
    });
  };

  return createRouter()
    .openapi(routes.list, async (c) => {
      const { hasImage, ...query } = c.req.valid('query');
      const page = await expenses.list(
        c.req.valid('param').groupId,
        requireUser(c).id,
        { ...query, hasImage: hasImage === undefined ? undefined : hasImage === 'true' },
        answers,
      );
      return jsonBytes<ExpenseListResponse>(c, page);
    })
    .openapi(routes.create, async (c) => {
      const user = requireUser(c);
      const { expense, created } = await expenses.create(c.req.valid('param').groupId, user.id, c.req.valid('json'));
      // A repeated create (decision 053) already told the group once.
      if (created)
        notifier.expenseAdded({
          groupId: expense.groupId,
          expenseId: expense.id,
          actor: { userId: user.id, name: user.name },
          merchant: expense.merchant,
          category: expense.category,
          amountOre: expense.totalOre,
          currency: expense.currency,
        });
      return c.json({ expense }, 201);
    })
    .openapi(routes.get, async (c) =>
      c.json({ expense: await expenses.get(c.req.valid('param').expenseId, requireUser(c).id) }, 200),
    )
    .openapi(routes.update, async (c) => {
      const expense = await expenses.update(c.req.valid('param').expenseId, requireUser(c).id, c.req.valid('json'));
      return c.json({ expense }, 200);
    })
    .openapi(routes.remove, async (c) => {
      await expenses.remove(c.req.valid('param').expenseId, requireUser(c).id);
      return c.body(null, 204);
    })
    .openapi(routes.upload, async (c) => {
      // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- a route with a raw body has hono type its env as `any`
      const user = requireUser(c);
      const bytes = Buffer.from(await c.req.arrayBuffer());
      if (bytes.byteLength === 0) throw new AppError('INVALID_IMAGE');
      return c.json({ imageId: await attachments.upload(c.req.valid('param').groupId, user.id, bytes) }, 201);
    })
    .openapi(routes.image, async (c) => imageResponse(c.req.valid('param').expenseId, requireUser(c).id, 'image'))
    .openapi(routes.thumbnail, async (c) =>
      imageResponse(c.req.valid('param').expenseId, requireUser(c).id, 'thumbnail'),
    )
    .openapi(routes.csv, async (c) => {
      const file = await exportCsv(db, c.req.valid('param').groupId, requireUser(c).id);
      c.header('Cache-Control', 'private, no-store');
      c.header('Content-Disposition', attachmentHeader(file.fileName));
      return c.body(file.body, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    })
    .openapi(routes.rate, async (c) => {
      requireUser(c);
      const { from, to, date } = c.req.valid('query');
      return c.json(await rates.quote(from, to, date), 200);
    });
}
