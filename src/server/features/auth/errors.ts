import type { ErrorCode, FieldErrors } from '#shared/errors.ts';

export type MappedError = { code: ErrorCode; fields?: FieldErrors };

// better-auth answers with its own English codes; the wire carries ours, so the web has one catalogue to show.
const byAuthCode: Record<string, MappedError> = {
  USER_ALREADY_EXISTS: { code: 'EMAIL_TAKEN' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { code: 'EMAIL_TAKEN' },
  INVALID_EMAIL_OR_PASSWORD: { code: 'INVALID_CREDENTIALS' },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { code: 'INVALID_CREDENTIALS' },
  // Only change-password checks a password of a signed-in user: the wrong one is a problem of that field.
  INVALID_PASSWORD: { code: 'VALIDATION', fields: { currentPassword: 'currentPasswordWrong' } },
  INVALID_EMAIL: { code: 'INVALID_EMAIL' },
  PASSWORD_TOO_SHORT: { code: 'PASSWORD_TOO_SHORT' },
  PASSWORD_TOO_LONG: { code: 'PASSWORD_TOO_LONG' },
  INVALID_TOKEN: { code: 'INVALID_RESET_TOKEN' },
  TOKEN_EXPIRED: { code: 'INVALID_RESET_TOKEN' },
  INVALID_ORIGIN: { code: 'INVALID_ORIGIN' },
  MISSING_OR_NULL_ORIGIN: { code: 'INVALID_ORIGIN' },
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: { code: 'INVALID_ORIGIN' },
  VALIDATION_ERROR: { code: 'VALIDATION' },
  MISSING_FIELD: { code: 'VALIDATION' },
  BODY_MUST_BE_AN_OBJECT: { code: 'VALIDATION' },
  UNSUPPORTED_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE' },
};

const byStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION',
  429: 'RATE_LIMITED',
};

/** Our error for a failed better-auth answer, from its code when known, else from its status. */
export function mapAuthError(status: number, authCode: unknown): MappedError {
  if (typeof authCode === 'string' && Object.hasOwn(byAuthCode, authCode)) return byAuthCode[authCode] as MappedError;
  return { code: byStatus[status] ?? 'INTERNAL' };
}
