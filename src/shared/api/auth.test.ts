import { describe, expect, it } from 'vitest';
import { authForm, resetPasswordForm, signUpBody } from './auth.ts';

const firstMessages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('authForm', () => {
  it('accepts a login without a name', () => {
    expect(authForm.safeParse({ mode: 'login', email: 'a@b.se', password: 'hemligt', name: '' }).success).toBe(true);
  });

  it('requires a name only in sign-up mode', () => {
    const result = authForm.safeParse({ mode: 'signup', email: 'a@b.se', password: 'hemligt', name: '   ' });
    expect(firstMessages(result)).toEqual({ name: 'nameRequired' });
  });

  it('reports a missing e-mail as required rather than as invalid', () => {
    const result = authForm.safeParse({ mode: 'login', email: '', password: 'hemligt', name: '' });
    expect(firstMessages(result)).toEqual({ email: 'emailRequired' });
  });

  it('rejects a malformed e-mail and a password shorter than 6 characters', () => {
    const result = authForm.safeParse({ mode: 'login', email: 'inte-en-adress', password: '12345', name: '' });
    expect(firstMessages(result)).toEqual({ email: 'emailInvalid', password: 'passwordTooShort' });
  });

  it('accepts a password of exactly 6 characters and trims the e-mail', () => {
    const result = authForm.safeParse({ mode: 'login', email: '  a@b.se ', password: '123456', name: '' });
    expect(result.success && result.data.email).toBe('a@b.se');
  });
});

describe('signUpBody', () => {
  it('trims the name and limits it to 100 characters', () => {
    expect(signUpBody.parse({ email: 'a@b.se', password: '123456', name: ' Ada ' }).name).toBe('Ada');
    const long = signUpBody.safeParse({ email: 'a@b.se', password: '123456', name: 'x'.repeat(101) });
    expect(firstMessages(long)).toEqual({ name: 'max100' });
  });
});

describe('resetPasswordForm', () => {
  it('flags the repeat field when the two passwords differ', () => {
    const result = resetPasswordForm.safeParse({ password: 'hemligt1', repeat: 'hemligt2' });
    expect(firstMessages(result)).toEqual({ repeat: 'passwordsDontMatch' });
  });

  it('requires at least 6 characters even when both fields match', () => {
    const result = resetPasswordForm.safeParse({ password: 'kort', repeat: 'kort' });
    expect(firstMessages(result)).toEqual({ password: 'passwordTooShort' });
  });

  it('accepts two equal passwords of at least 6 characters', () => {
    expect(resetPasswordForm.safeParse({ password: 'hemligt', repeat: 'hemligt' }).success).toBe(true);
  });
});
