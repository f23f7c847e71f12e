import { TEST_ORIGIN } from '../harness.ts';
import { isJsonMediaType } from './operations.ts';
import type { Operation } from './operations.ts';
import { baseline, serialize } from './values.ts';
import type { Hints } from './values.ts';

// Test support: one fuzz request, built from an operation, the real values of a world and what a case changes.

/** The real values a request is filled with: path ids, query and body hints, and a small valid image. */
export type WorldValues = { path: Record<string, string>; hints: Hints; image: Uint8Array; cookie: string };

export type Body = { data: string | Uint8Array | FormData | null; contentType: string | null };

/** What a case changes; anything left out is the operation's valid request. Path and query values are sent as is. */
export type Change = {
  path?: Record<string, string>;
  /** Replaces the named query parameter with raw `name=value` text (empty: leaves it out). */
  query?: { name: string; raw: string };
  headers?: Record<string, string>;
  body?: (world: WorldValues) => Body;
};

/** The query string a valid request sends: required parameters, and optional ones the world has a value for. */
function queryOf(operation: Operation, world: WorldValues, change: Change['query']): string {
  const pairs = operation.params
    .filter((p) => p.in === 'query' && p.name !== change?.name && (p.required || Object.hasOwn(world.hints, p.name)))
    .map((p) => `${p.name}=${encodeURIComponent(String(baseline(p.schema, world.hints, p.name)))}`);
  return [...pairs, change?.raw ?? ''].filter(Boolean).join('&');
}

/** The body a valid request sends, in the operation's own media type. */
export function baselineBody(operation: Operation, world: WorldValues): Body {
  const body = operation.body;
  if (!body) return { data: null, contentType: null };
  if (isJsonMediaType(body.mediaType)) {
    return { data: serialize(baseline(body.schema, world.hints)), contentType: body.mediaType };
  }
  if (body.mediaType === 'multipart/form-data') {
    const form = new FormData();
    form.set('image', new File([world.image], 'kvitto.png', { type: 'image/png' }));
    return { data: form, contentType: null };
  }
  return { data: world.image, contentType: body.mediaType.replace('*', 'png') };
}

/** The Request of one case, as a signed-in page of our own origin would send it. */
export function buildRequest(operation: Operation, world: WorldValues, change: Change): Request {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = change.path?.[name] ?? world.path[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${operation.id}`);
    return value;
  });
  const query = queryOf(operation, world, change.query);
  const body = (change.body ?? ((w: WorldValues) => baselineBody(operation, w)))(world);
  const headers = new Headers({ origin: TEST_ORIGIN, cookie: world.cookie });
  if (body.contentType !== null) headers.set('content-type', body.contentType);
  for (const [name, value] of Object.entries(change.headers ?? {})) headers.set(name, value);
  const sendsBody = body.data !== null && operation.method !== 'GET' && operation.method !== 'HEAD';
  // As bytes, a text body goes without the text/plain type fetch would otherwise add for it.
  const data = typeof body.data === 'string' ? new TextEncoder().encode(body.data) : body.data;
  return new Request(`${TEST_ORIGIN}${path}${query ? `?${query}` : ''}`, {
    method: operation.method,
    headers,
    ...(sendsBody ? { body: data as RequestInit['body'] } : {}),
  });
}
