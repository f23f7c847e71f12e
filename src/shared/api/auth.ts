import { z } from 'zod';
import { PERSON_NAME_MAX, personName } from './person-name.ts';

/** A password has at least 6 characters; the maximum matches better-auth's default so both sides agree. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = PERSON_NAME_MAX;
/** The longest address SMTP can deliver to; anything longer is refused before it reaches a query or a limiter key. */
export const EMAIL_MAX_LENGTH = 254;

// Messages are keys of sv.validation, never prose: the web shows the Swedish text, the wire carries the key.
const email = z
  .string()
  .trim()
  .min(1, 'emailRequired')
  .max(EMAIL_MAX_LENGTH, 'emailInvalid')
  .pipe(z.email('emailInvalid'));
const password = z.string().min(PASSWORD_MIN_LENGTH, 'passwordTooShort').max(PASSWORD_MAX_LENGTH, 'passwordTooLong');
/** A password being checked, not chosen: any length up to the maximum, so a wrong one is a wrong password. */
const givenPassword = z.string().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'passwordTooLong');
const name = personName;

export const signInBody = z.object({ email, password: givenPassword });
export const signUpBody = z.object({ email, password, name });

/**
 * The one login/sign-up form of /auth. `name` is only checked in sign-up mode, so switching modes never
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
/** The mail always links to our own /reset-password page, so a redirectTo the client sends is accepted and ignored. */
export const requestPasswordResetBody = z.object({ email, redirectTo: z.string().optional() });

/** Both fields at least 6 characters, and equal ("Lösenorden matchar inte" on the repeat field). */
export const resetPasswordForm = z
  .object({ password, repeat: z.string() })
  .refine((value) => value.password === value.repeat, { path: ['repeat'], message: 'passwordsDontMatch' });

/** better-auth's reset tokens are short and URL-safe; anything else is no token it could have made. */
export const resetToken = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'invalid');

export const resetPasswordBody = z.object({ newPassword: password, token: resetToken });

/** "Byt lösenord" in /app/settings: the current password, and the new one twice ("Lösenorden matchar inte"). */
export const changePasswordForm = z
  .object({ currentPassword: givenPassword, password, repeat: z.string() })
  .refine((value) => value.password === value.repeat, { path: ['repeat'], message: 'passwordsDontMatch' });

/** POST /api/auth/change-password: the server ends every other session of the user whatever the client asks. */
export const changePasswordBody = z.object({ currentPassword: givenPassword, newPassword: password });

/** POST /api/auth/update-user: only the name may change there, under the profile's rules. */
export const updateUserBody = z.strictObject({ name });

export const authUser = z.object({ id: z.string(), email: z.string(), name: z.string() });

export const authResponse = z.object({ user: authUser });

/** GET /api/auth/get-session: the signed-in user, or null when signed out. */
export const sessionResponse = z.object({ session: z.object({ expiresAt: z.string() }), user: authUser }).nullable();

export type AuthForm = z.infer<typeof authForm>;
export type AuthUser = z.infer<typeof authUser>;
export type Session = NonNullable<z.infer<typeof sessionResponse>>;
