import type { $ZodType, output } from 'zod/v4/core';
import * as sv from '#shared/i18n/sv.ts';
import { isValidationKey } from '#shared/i18n/sv/validation.ts';
import { ApiError } from './api.ts';

/** Field name → message key (a key of sv.validation); only the first problem per field is kept. */
export type FieldMessages = Partial<Record<string, string>>;

export type SchemaCheck<S extends $ZodType> = { ok: true; data: output<S> } | { ok: false; errors: FieldMessages };

/** Validates form values with a shared zod schema and groups the first message of each top-level field. */
export function checkWithSchema<S extends $ZodType>(schema: S, values: unknown): SchemaCheck<S> {
  const result = schema['~standard'].validate(values);
  if (result instanceof Promise) throw new Error('Form schemas must validate synchronously');
  if (!result.issues) return { ok: true, data: result.value };
  const errors: FieldMessages = {};
  for (const issue of result.issues) {
    const first = issue.path?.[0];
    const field = typeof first === 'object' ? first.key : first;
    const name = field === undefined ? '' : String(field);
    errors[name] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The Swedish text for a zod message, which in our schemas is always a key of sv.validation. */
export function validationText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isValidationKey(message) ? sv.validation[message] : sv.errors.VALIDATION;
}

/**
 * The server's field errors (`error.fields`: wire field → validation key) renamed to the form's fields.
 * `rename` maps wire names that differ (e.g. newPassword → password); unknown fields are dropped.
 */
export function serverFieldErrors(
  error: unknown,
  fields: readonly string[],
  rename: Record<string, string> = {},
): FieldMessages {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const errors: FieldMessages = {};
  for (const [wireName, key] of Object.entries(error.fields)) {
    const name = rename[wireName] ?? wireName;
    if (fields.includes(name)) errors[name] = key;
  }
  return errors;
}
