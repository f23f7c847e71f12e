import type { z } from 'zod';
import type { ProfileBody } from '#shared/api/account.ts';
import type { changePasswordBody } from '#shared/api/auth.ts';
import { todayIso } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { ApiError, authRequest, client, done, read } from '../../lib/api.ts';

export const saveProfile = (body: ProfileBody) => read(client.api.account.profile.$put({ json: body }));

/** Downloads everything Kvitt holds about the user as kvitt-data-YYYY-MM-DD.json, indented for people to read. */
export async function downloadExport(): Promise<void> {
  const data = await read(client.api.account.export.$get());
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = sv.fill(sv.account.exportFileName, { date: todayIso() });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: Chromium reads the blob after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const deleteAccount = (): Promise<void> => done(client.api.account.$delete());

/** better-auth's change-password behind our guard, which ends every other session of the account (decision 038). */
export const changePassword = (body: z.infer<typeof changePasswordBody>): Promise<unknown> =>
  authRequest('change-password', { body });

/** The server's message when it has a specific one, otherwise the action's own fallback text. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'VALIDATION'
    ? sv.errors[error.code]
    : fallback;
}
