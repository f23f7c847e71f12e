import type { z } from 'zod';
import { authResponse, type resetPasswordBody, type signInBody, type signUpBody } from '#shared/api/auth.ts';
import { api } from '../../lib/api.ts';

/** better-auth's e-mail endpoints, mounted by the server at /api/auth/*. */
export function signIn(body: z.infer<typeof signInBody>) {
  return api.post('/api/auth/sign-in/email', body, { parse: authResponse.parse });
}

export function signUp(body: z.infer<typeof signUpBody>) {
  return api.post('/api/auth/sign-up/email', body, { parse: authResponse.parse });
}

/** Always succeeds for a well-formed address, so nobody can probe which e-mails have accounts. */
export function requestPasswordReset(email: string) {
  return api.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
}

export function resetPassword(body: z.infer<typeof resetPasswordBody>) {
  return api.post('/api/auth/reset-password', body);
}
