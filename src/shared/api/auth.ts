import { z } from 'zod';
import { nameText } from './text.ts';

/** SPEC §5 and §9: password minimum 6; the maximum matches better-auth's default so both sides agree. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

// Messages are keys of sv.validation, never prose: the web shows the Swedish text, the wire carries the key.
const email = z.string().trim().min(1, 'emailRequired').pipe(z.email('emailInvalid'));
const password = z.string().min(PASSWORD_MIN_LENGTH, 'passwordTooShort').max(PASSWORD_MAX_LENGTH, 'passwordTooLong');
const name = nameText('nameRequired', NAME_MAX_LENGTH, 'max100');

export const signInBody = z.object({ email, password });
export const signUpBody = z.object({ email, password, name });

/**
 * The one login/sign-up form of /auth. `name` is only checked in sign-up mode (SPEC §5), so switching modes never
 * leaves a stale error on a hidden field.
 */
export const authForm = z
  .object({ mode: z.enum(['login', 'signup']), email, password, name: z.string() })
  .superRefine((value, ctx) => {
    if (value.mode !== 'signup') return;
    const checked = name.safeParse(value.name);
    if (!checked.success)
      ctx.addIssue({ code: 'custom', path: ['name'], message: checked.error.issues[0]?.message ?? 'nameRequired' });
  });

export const forgotPasswordForm = z.object({ email });
export const requestPasswordResetBody = z.object({ email, redirectTo: z.string() });

/** SPEC §5: both fields at least 6 characters, and equal ("Lösenorden matchar inte" on the repeat field). */
export const resetPasswordForm = z
  .object({ password, repeat: z.string() })
  .refine((value) => value.password === value.repeat, { path: ['repeat'], message: 'passwordsDontMatch' });

export const resetPasswordBody = z.object({ newPassword: password, token: z.string().min(1) });

export const authUser = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const authResponse = z.object({ user: authUser });

/** GET /api/auth/get-session: the signed-in user, or null when signed out. */
export const sessionResponse = z.object({ session: z.object({ expiresAt: z.string() }), user: authUser }).nullable();

export type AuthForm = z.infer<typeof authForm>;
export type AuthUser = z.infer<typeof authUser>;
export type Session = NonNullable<z.infer<typeof sessionResponse>>;
