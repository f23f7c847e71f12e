import type { ErrorCode } from '#shared/errors.ts';

// better-auth answers with its own English codes; the wire carries ours, so the web has one catalogue to show.
const byAuthCode: Record<string, ErrorCode> = {
  USER_ALREADY_EXISTS: 'EMAIL_TAKEN',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'EMAIL_TAKEN',
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_PASSWORD: 'INVALID_CREDENTIALS',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'INVALID_CREDENTIALS',
  INVALID_EMAIL: 'INVALID_EMAIL',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'PASSWORD_TOO_LONG',
  INVALID_TOKEN: 'INVALID_RESET_TOKEN',
  TOKEN_EXPIRED: 'INVALID_RESET_TOKEN',
  INVALID_ORIGIN: 'INVALID_ORIGIN',
  MISSING_OR_NULL_ORIGIN: 'INVALID_ORIGIN',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'INVALID_ORIGIN',
  VALIDATION_ERROR: 'VALIDATION',
  MISSING_FIELD: 'VALIDATION',
  BODY_MUST_BE_AN_OBJECT: 'VALIDATION',
};

const byStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'VALIDATION',
  429: 'RATE_LIMITED',
};

/** Our ErrorCode for a failed better-auth answer, from its code when known, else from its status. */
export function mapAuthError(status: number, authCode: unknown): ErrorCode {
  if (typeof authCode === 'string' && authCode in byAuthCode) return byAuthCode[authCode] as ErrorCode;
  return byStatus[status] ?? 'INTERNAL';
}
