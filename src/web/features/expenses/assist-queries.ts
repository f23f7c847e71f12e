import { useMutation } from '@tanstack/react-query';
// Types only: our own server's answers are trusted as typed, so zod stays off the wizard's first load (decision 045).
import type { SuggestParticipantsBody } from '#shared/api/assist.ts';
import type { OcrResult } from '#shared/api/receipts.ts';
import * as sv from '#shared/i18n/sv.ts';
import { client, errorText, read } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

/**
 * Reads a receipt image the wizard has already uploaded (decision 031): only its id goes up, not the photo again,
 * as a form body because the route also takes a file.
 */
export async function readUploadedReceipt(groupId: string, imageId: string) {
  return read(client.api.receipts.ocr.$post({ form: { groupId, imageId } }));
}

const failureToast = (title: string, error: unknown) => {
  const detail = errorText(error);
  toast.error(title, detail === title ? undefined : { description: detail });
};

/**
 * The reading of the image chosen in step 1. Only the latest reading counts: choosing another image while one is
 * read replaces it, and the earlier answer neither shows, toasts nor reaches `onRead`.
 */
export function useReceiptScan(groupId: string, onRead?: (imageId: string, result: OcrResult) => void) {
  const mutation = useMutation({ mutationFn: (imageId: string) => readUploadedReceipt(groupId, imageId) });
  const { mutate, reset } = mutation;
  const read = (imageId: string) =>
    mutate(imageId, {
      onSuccess: (result) => {
        toast.success(sv.assist.scan.scanned);
        onRead?.(imageId, result);
      },
      onError: (error) => failureToast(sv.assist.scan.failed, error),
    });
  return {
    read,
    reset,
    imageId: mutation.variables ?? null,
    reading: mutation.isPending,
    result: mutation.data ?? null,
    error: mutation.error,
  };
}

export type ReceiptScan = ReturnType<typeof useReceiptScan>;

/** "AI-förslag": who to tick in step 2, learned from the group's earlier expenses on the server. */
export function useParticipantSuggestion(groupId: string) {
  return useMutation({
    mutationFn: async (body: SuggestParticipantsBody) => {
      const call = client.api.groups[':groupId']['suggest-participants'].$post({ param: { groupId }, json: body });
      return (await read(call)).memberIds;
    },
    onError: (error) => failureToast(sv.assist.suggest.failed, error),
  });
}
