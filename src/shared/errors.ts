/**
 * Every error the API can answer with, and its HTTP status. The wire carries only the code
 * (`{ "error": { "code": "INVITE_EXPIRED" } }`); the web shows `sv.errors[code]`, so adding a code here
 * without its Swedish text fails the typecheck of src/shared/i18n/sv.ts.
 */
export const errorStatus = {
  // generic
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  INVALID_ORIGIN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  // file storage
  STORAGE_UNAVAILABLE: 503,
  // auth
  INVALID_CREDENTIALS: 401,
  EMAIL_TAKEN: 409,
  INVALID_EMAIL: 400,
  PASSWORD_TOO_SHORT: 400,
  PASSWORD_TOO_LONG: 400,
  INVALID_RESET_TOKEN: 400,
  // groups and invites
  NOT_SIGNED_IN: 401,
  INVALID_INVITE: 404,
  INVITE_EXPIRED: 410,
  MAX_USES_REACHED: 410,
  INVITES_DISABLED: 403,
  INVALID_CODE: 404,
  GROUP_FULL: 409,
  GROUP_LIMIT_REACHED: 409,
  CANNOT_REMOVE_OWNER: 409,
  INVALID_IMAGE: 400,
  /** People without an account (decision 056). */
  PERSON_NAME_TAKEN: 409,
  PERSON_HAS_HISTORY: 409,
  PERSON_ALREADY_CLAIMED: 409,
  FORMER_MEMBER_CANNOT_CLAIM: 409,
  // expenses
  SPLIT_MISMATCH: 400,
  /** The amounts of several payers do not add up to the expense's total (decision 057). */
  PAYERS_MISMATCH: 400,
  NO_PARTICIPANTS: 400,
  INVALID_SHARE: 400,
  /** A split "Per rad" without lines, or with a line nobody took (decision 058). */
  NO_ITEMS: 400,
  ITEM_UNASSIGNED: 400,
  GROUP_SETTLED: 409,
  NOT_PAYER: 403,
  /** A foreign-currency expense with no typed rate while no rate of the pair is known (decision 035). */
  EXCHANGE_RATE_MISSING: 422,
  EXPENSE_LIMIT_REACHED: 409,
  // account and billing
  CHECKOUT_FAILED: 503,
  ALREADY_PREMIUM: 409,
  INVALID_SIGNATURE: 400,
  // settlement
  NOT_TRANSFER_PAYER: 403,
  TRANSFER_NOT_PROPOSED: 409,
  BALANCES_NOT_ZERO: 409,
  NOTHING_TO_SETTLE: 409,
  NOT_TRANSFER_RECIPIENT: 403,
  /** A transfer's payer is reminded at most once a day (decision 048). */
  REMINDER_ALREADY_SENT: 429,
  /** Only the two members of a payment, or the owner, record or delete it (decision 059). */
  NOT_PAYMENT_PARTY: 403,
  PAYMENT_LIMIT_REACHED: 409,
  // receipt reading
  RECEIPT_UNREADABLE: 422,
  IMAGE_TOO_SMALL: 422,
  OCR_BUSY: 503,
  OCR_UNAVAILABLE: 503,
  OCR_TIMEOUT: 503,
  // importing a group from another app's export (decision 063); `fields.row` and `fields.value` say where
  IMPORT_UNKNOWN_FORMAT: 422,
  IMPORT_BROKEN_FILE: 422,
  IMPORT_AMOUNTS_MISMATCH: 422,
  IMPORT_UNKNOWN_CURRENCY: 422,
  IMPORT_SEVERAL_CURRENCIES: 422,
  IMPORT_PAYER_UNKNOWN: 422,
  IMPORT_TOO_LARGE: 422,
  IMPORT_EMPTY: 422,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatus;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(errorStatus, value);

/** Field-level validation problems: field path → an ErrorCode-like message key from sv.validation. */
export type FieldErrors = Record<string, string>;

export interface ErrorBody {
  error: { code: ErrorCode; fields?: FieldErrors; requestId?: string };
}
