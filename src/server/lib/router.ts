import { OpenAPIHono } from '@hono/zod-openapi';
import type { z } from 'zod';
import { isValidationKey } from '#shared/i18n/sv/validation.ts';
import type { FieldErrors } from '#shared/errors.ts';
import type { AppEnv } from './context.ts';
import { AppError } from './errors.ts';

/**
 * Field path → validation key of sv.validation. Shared schemas carry keys as messages; anything else (zod's own
 * English) becomes the generic key, so prose never reaches the wire.
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (!(path in fields)) fields[path] = isValidationKey(issue.message) ? issue.message : 'invalid';
  }
  return fields;
}

/** A router for one feature: its zod schemas validate requests and feed the OpenAPI document. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw new AppError('VALIDATION', fieldErrors(result.error));
    },
  });
}
