import type { z } from 'zod';
import type { resetPasswordBody, signInBody, signUpBody } from '#shared/api/auth.ts';
import { api } from '../../lib/api.ts';

// The answers are not parsed: nothing here reads them (the session is loaded afresh after sign-in), and parsing would
// put zod on the first load of /auth.

/** better-auth's e-mail endpoints, mounted by the server at /api/auth/*. */
export function signIn(body: z.infer<typeof signInBody>) {
  return api.post<unknown>('/api/auth/sign-in/email', body);
}

export function signUp(body: z.infer<typeof signUpBody>) {
  return api.post<unknown>('/api/auth/sign-up/email', body);
}

/** Always succeeds for a well-formed address, so nobody can probe which e-mails have accounts. */
export function requestPasswordReset(email: string) {
  return api.post<unknown>('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
}

export function resetPassword(body: z.infer<typeof resetPasswordBody>) {
  return api.post<unknown>('/api/auth/reset-password', body);
}

/** Answers INVALID_RESET_TOKEN (as ApiError) for a link that is used, expired or unknown. */
export function checkResetToken(token: string) {
  return api.get<unknown>(`/api/auth/reset-password/status?token=${encodeURIComponent(token)}`);
}
