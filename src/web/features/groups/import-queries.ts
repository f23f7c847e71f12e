import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportGroupBody } from '#shared/api/imports.ts';
import { client, read } from '../../lib/api.ts';
import { groupKeys } from '../../lib/queries/groups.ts';

/** The group a file would make; saves nothing. */
export const previewImport = async (file: string) =>
  (await read(client.api.imports.preview.$post({ json: { file } }))).preview;

/** Creates the group from the file; answers its id. */
export function useImportGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ImportGroupBody) => (await read(client.api.imports.$post({ json: body }))).groupId,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: groupKeys.list });
    },
  });
}

/**
 * A chosen file's text: UTF-8 as the exports write it, or Windows-1252 when the bytes are not UTF-8 (a file saved
 * again by Excel on Windows), so "Björn" stays "Björn".
 */
export async function readFileText(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
