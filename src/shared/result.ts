/** Outcome of a domain operation: a value, or the ErrorCode that explains why there is none. */
export type Result<T, C extends string = string> = { ok: true; value: T } | { ok: false; code: C };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const fail = <C extends string>(code: C): { ok: false; code: C } => ({ ok: false, code });
