import type { z } from 'zod';
import type { resetPasswordBody, signInBody, signUpBody } from '#shared/api/auth.ts';
import { authRequest } from '../../lib/api.ts';

// The answers are not parsed: nothing here reads them (the session is loaded afresh after sign-in), and parsing would
// put zod on the first load of /auth.

/** better-auth's e-mail endpoints, mounted by the server at /api/auth/*. */
export function signIn(body: z.infer<typeof signInBody>) {
  return authRequest('sign-in/email', { body });
}

export function signUp(body: z.infer<typeof signUpBody>) {
  return authRequest('sign-up/email', { body });
}

/** Always succeeds for a well-formed address, so nobody can probe which e-mails have accounts. */
export function requestPasswordReset(email: string) {
  return authRequest('request-password-reset', { body: { email, redirectTo: '/reset-password' } });
}

export function resetPassword(body: z.infer<typeof resetPasswordBody>) {
  return authRequest('reset-password', { body });
}

/** Answers INVALID_RESET_TOKEN (as ApiError) for a link that is used, expired or unknown. */
export function checkResetToken(token: string) {
  return authRequest('reset-password/status', { query: { token } });
}
