import { randomUUID } from 'node:crypto';
import { RECEIPT_IMAGE_MAX_BYTES } from '#shared/api/expenses.ts';
import { requireMembership } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { deleteFiles, deleteQueuedFiles } from '../../lib/file-deletions.ts';
import { prepareUploadInThread } from '../../lib/image-threads/pool.ts';
import { ImageError } from '../../lib/images/index.ts';
import type { StoredFile } from '../../lib/storage.ts';
import * as pending from './pending-uploads.ts';
import type { ExpenseDeps, ExpenseService } from './service.ts';
import { imageKeys } from './service.ts';

/**
 * Receipt images: uploaded before the expense is saved (so a bad file is refused on step 1, not after step 3) and
 * attached by id when it is; stored re-encoded without metadata, served only to members of the group. Until then a
 * receipt_uploads row names the uploader and the files (decision 032).
 */
export function createAttachments(deps: ExpenseDeps, expenses: ExpenseService) {
  const { db, storage } = deps;

  return {
    async upload(groupId: string, userId: string, bytes: Buffer): Promise<string> {
      await requireMembership(db, groupId, userId);
      if (bytes.byteLength > RECEIPT_IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
      let prepared;
      try {
        // In a thread of the image pool: a HEIC photo is decoded in WebAssembly (decision 068).
        prepared = await prepareUploadInThread(bytes);
      } catch (error) {
        if (error instanceof ImageError) throw new AppError('INVALID_IMAGE');
        throw error;
      }
      const imageId = randomUUID();
      const keys = imageKeys(groupId, imageId);
      // The row comes first, so no file is ever stored that group deletion, account deletion or the sweep cannot find.
      await pending.recordUpload(db, { imageId, groupId, uploadedByUserId: userId, ...keys });
      try {
        await storage.put(keys.imageKey, prepared.image, prepared.contentType);
        await storage.put(keys.thumbKey, prepared.thumbnail, prepared.contentType);
      } catch (error) {
        // Either file may be partly written: the row goes and both are recorded for deletion (decision 039).
        await deleteQueuedFiles(deps, await pending.forgetUpload(db, imageId));
        throw error;
      }
      // A group or account deleted while the files were written took the row, and may have deleted its files before
      // they were there.
      if (!(await pending.isPending(db, groupId, imageId))) {
        await deleteFiles(deps, [keys.imageKey, keys.thumbKey]);
        throw new AppError('NOT_FOUND');
      }
      return imageId;
    },

    /** The stored image or thumbnail of an expense; NOT_FOUND for non-members and expenses without one. */
    async read(expenseId: string, userId: string, kind: 'image' | 'thumbnail'): Promise<StoredFile> {
      const { expense } = await expenses.expenseFor(expenseId, userId);
      const key = kind === 'image' ? expense.imageKey : expense.thumbKey;
      const file = key ? await storage.get(key) : null;
      if (!file) throw new AppError('NOT_FOUND');
      return file;
    },
  };
}
