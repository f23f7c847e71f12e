import { createRoute, z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { suggestParticipantsBody, suggestParticipantsResponse } from '#shared/api/assist.ts';
import { idParam } from '#shared/api/ids.ts';
import { rawText } from '#shared/api/text.ts';
import { RECEIPT_IMAGE_MAX_BYTES } from '#shared/api/expenses.ts';
import { ocrResult } from '#shared/api/receipts.ts';
import type { Db } from '../../db/client.ts';
import { requireUser } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { Storage } from '../../lib/storage.ts';
import { createRouter } from '../../lib/router.ts';
import { readReceipt, readStoredReceipt, suggestForGroup } from './service.ts';
import type { ReceiptReader } from './service.ts';

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

const suggestRoute = createRoute({
  method: 'post',
  path: '/groups/{groupId}/suggest-participants',
  tags: ['assist'],
  request: {
    params: z.object({ groupId: idParam() }),
    body: { content: { 'application/json': { schema: suggestParticipantsBody } }, required: true },
  },
  responses: { 200: json(suggestParticipantsResponse, 'Members to preselect') },
});

const ocrRoute = createRoute({
  method: 'post',
  path: '/receipts/ocr',
  tags: ['assist'],
  request: {
    body: {
      content: {
        'multipart/form-data': {
          schema: z.object({
            image: z.any().optional().openapi({ type: 'string', format: 'binary', description: 'The photo to read' }),
            groupId: rawText().optional().openapi({ description: 'With imageId: the group the image was uploaded to' }),
            imageId: rawText().optional().openapi({ description: 'Instead of image: an image already uploaded to the group' }),
          }),
        },
      },
      required: true,
    },
  },
  responses: { 200: json(ocrResult, 'What could be read from the expense') },
});

// Reading a photo costs a second or more of CPU: a person scans a few receipts a minute, a script hundreds.
const OCR_RULE = { limit: 30, windowMs: 10 * 60_000 };

type Deps = { db: Db; rateLimiter: RateLimiter; storage: Storage; receiptReader?: ReceiptReader | undefined };

/** Receipt reading and "who was there" suggestions: the two helpers of the add-expense wizard. */
export function assistRoutes({ db, rateLimiter, storage, receiptReader }: Deps) {
  const app = createRouter();
  app.use('/receipts/ocr', bodyLimit({ maxSize: RECEIPT_IMAGE_MAX_BYTES + 64 * 1024, onError: () => { throw new AppError('PAYLOAD_TOO_LARGE'); } }));
  // Chained, so the routes' types reach the web's typed client (decision 045).
  return app
    .openapi(suggestRoute, async (c) => {
      const user = requireUser(c);
      const memberIds = await suggestForGroup(db, user.id, c.req.valid('param').groupId, c.req.valid('json'));
      return c.json({ memberIds }, 200);
    })
    .openapi(ocrRoute, async (c) => {
      const user = requireUser(c);
      const verdict = await rateLimiter.hit(`ocr:${user.id}`, OCR_RULE);
      if (!verdict.allowed) throw new AppError('RATE_LIMITED');
      const form = await c.req.parseBody();
      const { groupId, imageId } = form;
      if (typeof groupId === 'string' && typeof imageId === 'string') {
        const result = await readStoredReceipt({ db, storage, reader: receiptReader }, user.id, { groupId, imageId });
        return c.json(result, 200);
      }
      const file = form['image'];
      if (!(file instanceof File) || file.size === 0) throw new AppError('VALIDATION', { image: 'required' });
      if (file.size > RECEIPT_IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
      const result = await readReceipt(receiptReader, new Uint8Array(await file.arrayBuffer()));
      return c.json(result, 200);
    });
}
