import { describe, expect, it } from 'vitest';
import { authForm, resetPasswordForm } from '#shared/api/auth.ts';
import { ApiError } from './api.ts';
import { checkWithSchema, serverFieldErrors, validationText } from './form.ts';

describe('checkWithSchema', () => {
  it('returns the parsed values when the form is valid', () => {
    const checked = checkWithSchema(authForm, {
      mode: 'login',
      email: ' ada@example.se ',
      password: 'hemligt',
      name: '',
    });
    expect(checked).toEqual({
      ok: true,
      data: { mode: 'login', email: 'ada@example.se', password: 'hemligt', name: '' },
    });
  });

  it('keeps one message key per field, the first one found', () => {
    const checked = checkWithSchema(authForm, { mode: 'signup', email: '', password: '1', name: '' });
    expect(checked).toEqual({
      ok: false,
      errors: { email: 'emailRequired', password: 'passwordTooShort', name: 'nameRequired' },
    });
  });

  it('puts a cross-field problem on the field the schema names', () => {
    expect(checkWithSchema(resetPasswordForm, { password: 'hemligt', repeat: 'annat!!' })).toEqual({
      ok: false,
      errors: { repeat: 'passwordsDontMatch' },
    });
  });
});

describe('validationText', () => {
  it('turns a validation key into its Swedish text', () => {
    expect(validationText('passwordsDontMatch')).toBe('Lösenorden matchar inte');
    expect(validationText('passwordTooShort')).toBe('Lösenordet måste vara minst 6 tecken');
  });

  it('shows the generic validation text for an unknown key and nothing for no message', () => {
    expect(validationText('noSuchKey')).toBe('Kontrollera uppgifterna och försök igen.');
    expect(validationText(undefined)).toBeUndefined();
  });
});

describe('serverFieldErrors', () => {
  it('renames wire fields to form fields and drops fields the form does not have', () => {
    const error = new ApiError(400, 'VALIDATION', { newPassword: 'passwordTooShort', token: 'required' });
    expect(serverFieldErrors(error, ['password', 'repeat'], { newPassword: 'password' })).toEqual({
      password: 'passwordTooShort',
    });
  });

  it('gives nothing for errors without fields and for other thrown values', () => {
    expect(serverFieldErrors(new ApiError(401, 'INVALID_CREDENTIALS'), ['email'])).toEqual({});
    expect(serverFieldErrors(new Error('x'), ['email'])).toEqual({});
  });
});
