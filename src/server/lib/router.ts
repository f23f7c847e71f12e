import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
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

/**
 * Every query value must be text: percent escapes that decode to no UTF-8 (`%ED%A0%80`, a surrogate half; `%FF`; a
 * lone `%`) are VALIDATION naming the parameter. Hono would otherwise hand them on undecoded, as if typed literally.
 */
export const wellFormedQuery: MiddlewareHandler = async (c, next) => {
  const url = c.req.url;
  const queryAt = url.indexOf('?');
  // Only a percent escape can fail to decode: a query without one needs no parsing.
  if (queryAt < 0 || !url.includes('%', queryAt)) return next();
  const search = new URL(url).search.slice(1);
  for (const pair of search ? search.split('&') : []) {
    const [name = '', value = ''] = pair.split(/=(.*)/s);
    try {
      decodeURIComponent(name);
      decodeURIComponent(value);
    } catch {
      throw new AppError('VALIDATION', { [name]: 'textInvalid' });
    }
  }
  await next();
};

const MULTIPART = /^multipart\/form-data\b/i;

/**
 * A JSON endpoint takes only JSON and a form endpoint only multipart: a body of another media type is refused
 * before it is read (@hono/zod-openapi answers 415), and so is a request that names no media type at all.
 */
function requireMediaType(c: Context, target: 'json' | 'form'): void {
  const contentType = c.req.header('content-type');
  if (!contentType || (target === 'form' && !MULTIPART.test(contentType))) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
}

/**
 * A router for one feature: its zod schemas validate requests and feed the OpenAPI document. A path parameter that
 * fails its schema names nothing (NOT_FOUND, as an unknown id), unless it holds characters no text may hold.
 */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.target === 'json' || result.target === 'form') requireMediaType(c, result.target);
      if (result.success) return;
      const fields = fieldErrors(result.error);
      if (result.target === 'param' && !Object.values(fields).includes('textInvalid')) throw new AppError('NOT_FOUND');
      throw new AppError('VALIDATION', fields);
    },
  });
}
