import type { OcrResult } from '#shared/api/receipts.ts';
import type { SuggestParticipantsBody } from '#shared/api/assist.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { suggestParticipants } from '#shared/domain/participant-suggest.ts';
import { todayIso } from '#shared/format.ts';
import { isUuid } from '#shared/api/ids.ts';
import type { Db } from '../../db/client.ts';
import { requireMembership } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import type { ImageErrorCode } from '../../lib/images/errors.ts';
import type { OcrErrorCode } from '../../lib/ocr/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { activeMemberIds } from '../../repositories/memberships.ts';
import { suggestionHistory } from './repo.ts';

/** What this feature needs of a receipt reader: the local tesseract pool, the vision model or both (lib/ocr). */
export type ReceiptReader = { read(image: Uint8Array, options: { today: string }): Promise<OcrResult> };

/** Who to preselect in "Vilka var med?", learned from this group's own history (members only). */
export async function suggestForGroup(db: Db, userId: string, groupId: string, body: SuggestParticipantsBody): Promise<string[]> {
  await requireMembership(db, groupId, userId);
  const [members, history] = await Promise.all([activeMemberIds(db, groupId), suggestionHistory(db, groupId)]);
  const payerId = body.payerMemberId && members.includes(body.payerMemberId) ? body.payerMemberId : undefined;
  return suggestParticipants(history, members, {
    merchant: body.merchant,
    category: body.category,
    amount: body.amountOre,
    ...(payerId ? { payerId } : {}),
    ...(body.date ? { date: body.date } : {}),
  });
}

// The readers throw typed errors (ImageError, OcrError); the wire gets our codes. A new reader code fails the typecheck
// until it is mapped here.
const byReaderCode: Record<ImageErrorCode | OcrErrorCode, ErrorCode> = {
  NOT_AN_IMAGE: 'INVALID_IMAGE',
  TOO_MANY_PIXELS: 'INVALID_IMAGE',
  IMAGE_UNREADABLE: 'RECEIPT_UNREADABLE',
  IMAGE_TOO_SMALL: 'IMAGE_TOO_SMALL',
  UNREADABLE: 'RECEIPT_UNREADABLE',
  BUSY: 'OCR_BUSY',
  // A reader ran out of time on this image: distinct from no reader running, so the person knows a retry may work.
  TIMEOUT: 'OCR_TIMEOUT',
  CLOSED: 'OCR_UNAVAILABLE',
  UNAVAILABLE: 'OCR_UNAVAILABLE',
  FAILED: 'OCR_UNAVAILABLE',
};

/** Reads a receipt photo on our own server (or the configured vision model); nothing is stored. */
export async function readReceipt(reader: ReceiptReader | undefined, image: Uint8Array): Promise<OcrResult> {
  if (!reader) throw new AppError('OCR_UNAVAILABLE');
  try {
    return await reader.read(image, { today: todayIso() });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && Object.hasOwn(byReaderCode, code)) {
      throw new AppError(byReaderCode[code as keyof typeof byReaderCode]);
    }
    throw error;
  }
}

/**
 * Where the expenses feature stores a receipt image chosen in the wizard (decision 018). Features do not import each
 * other, so the key is repeated here; the integration test that reads an image uploaded through the expenses route
 * fails if the two drift apart.
 */
const storedImageKey = (groupId: string, imageId: string) => `receipts/${groupId}/${imageId}`;

/**
 * Reads an image the wizard has already uploaded (decision 031), so a phone sends its photo once: members only
 * (NOT_FOUND otherwise, as for every group route), and NOT_FOUND for an id that names no stored image.
 */
export async function readStoredReceipt(
  deps: { db: Db; storage: Storage; reader: ReceiptReader | undefined },
  userId: string,
  where: { groupId: string; imageId: string },
): Promise<OcrResult> {
  await requireMembership(deps.db, where.groupId, userId);
  if (!isUuid(where.imageId)) throw new AppError('NOT_FOUND');
  const file = await deps.storage.get(storedImageKey(where.groupId, where.imageId));
  if (!file) throw new AppError('NOT_FOUND');
  return readReceipt(deps.reader, new Uint8Array(file.body));
}
