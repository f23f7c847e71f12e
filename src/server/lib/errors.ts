import { errorStatus } from '#shared/errors.ts';
import type { ErrorBody, ErrorCode, FieldErrors } from '#shared/errors.ts';

/** A failure the client may see: only its code (and field keys) go on the wire, never a message or a stack. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;

  constructor(code: ErrorCode, fields?: FieldErrors) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

/** The JSON body of an error answer; requestId lets support find the log line of an INTERNAL. */
export function errorBody(code: ErrorCode, fields?: FieldErrors, requestId?: string): ErrorBody {
  return { error: { code, ...(fields ? { fields } : {}), ...(requestId ? { requestId } : {}) } };
}

/** Turns a domain Result failure into a thrown AppError, so services read top to bottom. */
export function unwrap<T>(result: { ok: true; value: T } | { ok: false; code: ErrorCode }): T {
  if (!result.ok) throw new AppError(result.code);
  return result.value;
}
