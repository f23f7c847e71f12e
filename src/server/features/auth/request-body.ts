/** The media type of a request without its parameters, lower-cased: `application/json; charset=utf-8` → `application/json`. */
export function mediaTypeOf(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/**
 * The fields of a request body in any encoding a client might try (JSON, form-urlencoded, multipart), read from a
 * copy so the request itself stays unread. Rate limits key on these, so an attempt counts in the same bucket however
 * it is encoded, even one refused afterwards for its encoding. Unreadable bodies give no fields.
 */
export async function readFields(request: Request): Promise<Record<string, unknown>> {
  if (!request.body) return {};
  const type = mediaTypeOf(request);
  try {
    if (type === 'application/json') {
      const value: unknown = await request.clone().json();
      return value !== null && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : {};
    }
    if (FORM_TYPES.has(type)) {
      const fields: Record<string, unknown> = {};
      for (const [name, value] of await request.clone().formData())
        fields[name] = typeof value === 'string' ? value : '';
      return fields;
    }
  } catch {
    // Malformed JSON or form data: the limiter keys on nothing, and the JSON check or better-auth refuses it.
  }
  return {};
}

/** The same request with `body` as its JSON body: better-auth then sees only the fields our schema let through. */
export function withJsonBody(request: Request, body: unknown): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
}
