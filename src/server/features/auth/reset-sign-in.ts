import type { Auth } from './auth.ts';

/** better-auth keeps a reset token as a verification row under this name, deleted when used. */
const resetIdentifier = (token: string) => `reset-password:${token}`;

/** The account a reset token belongs to while it is unused and unexpired; null for a used, expired or unknown one. */
export async function resetTokenOwner(auth: Auth, token: string): Promise<string | null> {
  const context = await auth.$context;
  const found = await context.internalAdapter.findVerificationValue(resetIdentifier(token));
  return found && found.expiresAt > new Date() ? found.value : null;
}

/**
 * A reset ends signed in (decision 049): after better-auth has set the new password (and ended every old session),
 * the account signs in with that password, and the session cookie rides on the reset's own answer. Should the
 * sign-in fail, the reset still stands and the answer goes out as it was; the page then asks to log in.
 */
export async function signedInAfterReset(
  auth: Auth,
  input: { userId: string; password: string; headers: Headers },
  answer: Response,
): Promise<Response> {
  const context = await auth.$context;
  const user = await context.internalAdapter.findUserById(input.userId);
  if (!user) return answer;
  const signedIn = await auth.api.signInEmail({
    body: { email: user.email, password: input.password },
    headers: input.headers,
    asResponse: true,
  });
  if (!signedIn.ok) return answer;
  const headers = new Headers(answer.headers);
  for (const cookie of signedIn.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return new Response(answer.body, { status: answer.status, headers });
}
