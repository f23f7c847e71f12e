import { useMutation } from '@tanstack/react-query';
// Types only: our own server's answers are trusted as typed, so zod stays off the wizard's first load (decision 007).
import type { SuggestParticipantsBody, SuggestParticipantsResponse } from '#shared/api/assist.ts';
import type { OcrResult } from '#shared/api/receipts.ts';
import { isErrorCode } from '#shared/errors.ts';
import * as sv from '#shared/i18n/sv.ts';
import { api, ApiError, errorText, NETWORK_FAILURE } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

/**
 * Reads a receipt image the wizard has already uploaded (decision 031): only its id goes up, not the photo again.
 * A form body because the route also takes a file; the shared client speaks JSON only.
 */
export async function readUploadedReceipt(groupId: string, imageId: string): Promise<OcrResult> {
  const body = new FormData();
  body.append('groupId', groupId);
  body.append('imageId', imageId);
  let response: Response;
  try {
    response = await fetch('/api/receipts/ocr', {
      method: 'POST',
      body,
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(NETWORK_FAILURE, 'INTERNAL');
  }
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return data as OcrResult;
  const code = (data as { error?: { code?: unknown } } | null)?.error?.code;
  throw new ApiError(response.status, isErrorCode(code) ? code : 'INTERNAL');
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
    mutationFn: async (body: SuggestParticipantsBody) =>
      (await api.post<SuggestParticipantsResponse>(`/api/groups/${groupId}/suggest-participants`, body)).memberIds,
    onError: (error) => failureToast(sv.assist.suggest.failed, error),
  });
}
