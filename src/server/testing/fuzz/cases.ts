import { isJsonMediaType } from './operations.ts';
import type { Operation, Parameter } from './operations.ts';
import { randomInt } from '#shared/domain/testing/prng.ts';
import { hostileStrings, oddStrings, sample, seededUuid } from './nasty.ts';
import { bodyCases } from './body-cases.ts';
import type { Change, WorldValues } from './request.ts';

// Test support: the malformed requests the fuzz suite sends to one operation.

export type Case = { label: string; change: Change };

const show = (value: string) =>
  value.length > 40 ? `${JSON.stringify(value.slice(0, 40))}…(${value.length})` : JSON.stringify(value);

/** Sent as every path parameter: a word, encoded NUL, an encoded lone surrogate. A random id is added. */
const hostilePathValues: readonly string[] = ['xyz', '%00', '%ED%A0%80'];

/** A few of these go to each path parameter, drawn by the seed: not-ids, control characters, broken escapes. */
const oddPathValues: readonly string[] = [
  '0',
  '-1',
  'null',
  'a%00b',
  '%01',
  '%1B',
  '%7F',
  '%C2%85',
  '%C0%80',
  '%FF',
  '%',
  '%ZZ',
  '%E2%80%8B',
  '..',
  '%2E%2E',
  'x'.repeat(10_000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '------------------------------------',
];

function pathCases(operation: Operation, prng: () => number): Case[] {
  const cases: Case[] = [];
  for (const param of operation.params.filter((p) => p.in === 'path')) {
    const values = [...hostilePathValues, ...sample(prng, oddPathValues, 5), seededUuid(prng)];
    for (const value of values)
      cases.push({ label: `path ${param.name}=${show(value)}`, change: { path: { [param.name]: value } } });
  }
  return cases;
}

/** Percent-encoded as a client writing WTF-8 would: a lone surrogate becomes the bytes ED A0 80. */
const encode = (value: string) =>
  encodeURIComponent(value.replace(/\p{Cs}/gu, '\ufffd')).replaceAll('%EF%BF%BD', '%ED%A0%80');

/** A base64url cursor holding `text`: impossible dates, non-ids and junk in the shapes our cursors take. */
const cursorOf = (text: string) => Buffer.from(text).toString('base64url');
const nastyCursors = (id: string): string[] => [
  cursorOf(`2026-02-30|${id}`),
  cursorOf(`9999-99-99|${id}`),
  cursorOf('2026-11-01|------------------------------------'),
  cursorOf('2026-11-01|\u0000'),
  cursorOf(JSON.stringify(['2026-02-30', '2026-11-01T10:00:00.000000Z', id])),
  cursorOf(JSON.stringify(['2026-11-01', '2026-13-01T25:00:00.000000Z', id])),
  cursorOf(JSON.stringify(['2026-11-01', '2026-11-01T10:00:00.000000Z', 'xyz'])),
  cursorOf('\ud800'),
  '!!!',
];

function queryCases(operation: Operation, prng: () => number): Case[] {
  const cases: Case[] = [];
  const queryParams = operation.params.filter((p) => p.in === 'query');
  for (const param of queryParams) {
    const send = (label: string, raw: string) =>
      cases.push({ label: `query ${param.name}=${label}`, change: { query: { name: param.name, raw } } });
    const values = [...hostileStrings, ...sample(prng, oddStrings, 3), 'NaN', 'Infinity', '1e999', 'x'.repeat(100_000)];
    if (/cursor/i.test(param.name)) values.push(...nastyCursors(seededUuid(prng)));
    for (const value of values) send(show(value), `${param.name}=${encode(value)}`);
    for (const raw of ['%ED%A0%80', ...sample(prng, ['%', '%ZZ', '%C0%80', '%FF%FE'], 2)])
      send(raw, `${param.name}=${raw}`);
    send('(twice)', `${param.name}=a&${param.name}=b`);
    send('(no value)', param.name);
    if (!param.required) send('(absent)', '');
  }
  if (queryParams.length === 0 && operation.method === 'GET')
    cases.push({
      label: 'query with unknown parameters',
      change: { query: { name: '__proto__', raw: '__proto__=x&constructor=%00&a[]=1' } },
    });
  return cases;
}

/** The operation's own header parameters, and a forwarded address of 8 kB of junk for every operation. */
function headerCases(operation: Operation, prng: () => number): Case[] {
  const junk = Array.from({ length: 8_000 }, () => randomInt(prng, 0, 15).toString(16)).join('');
  return [
    { label: 'header x-forwarded-for of 8 kB', change: { headers: { 'x-forwarded-for': junk } } },
    ...operation.params
      .filter((p): p is Parameter => p.in === 'header')
      .flatMap((param) =>
        ['', 'junk', 't=1,v1=abc', 'x'.repeat(8_000), 't=9999999999999999999999,v1='].map((value) => ({
          label: `header ${param.name}=${show(value)}`,
          change: { headers: { [param.name]: value } },
        })),
      ),
  ];
}

/** Content types and bodies that operations without a JSON body must ignore or refuse cleanly. */
function foreignBodyCases(operation: Operation, prng: () => number): Case[] {
  const json = operation.body !== null && isJsonMediaType(operation.body.mediaType);
  if (json || operation.method === 'GET') return [];
  const bodies: Array<[string, string | null, string | Uint8Array | null]> = [
    ['no content type', null, 'junk'],
    ['JSON', 'application/json', '{"a":'],
    ['text', 'text/plain', '\u0000'],
    ['empty', null, null],
    ['multipart without boundary', 'multipart/form-data', '--x\r\n'],
    [
      'multipart broken',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="image"\r\n\r\n',
    ],
    ['bytes', 'application/octet-stream', new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x01])],
    ['image header only', 'image/png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ];
  const cases: Case[] = bodies.map(([label, contentType, data]) => ({
    label: `body ${label}`,
    change: { body: () => ({ data, contentType }) },
  }));
  if (operation.body?.mediaType === 'multipart/form-data') cases.push(...multipartFieldCases(prng));
  return cases;
}

function multipartFieldCases(prng: () => number): Case[] {
  const values = ['\u0000', 'xyz', '\ud800', 'x'.repeat(100_000), '', seededUuid(prng)];
  return ['groupId', 'imageId'].flatMap((field) =>
    values.map((value) => ({
      label: `form ${field}=${show(value)}`,
      change: {
        body: (world: WorldValues) => {
          const form = new FormData();
          form.set('groupId', String(world.hints.groupId));
          form.set('imageId', String(world.hints.pendingImageId));
          form.set(field, value);
          return { data: form, contentType: null };
        },
      },
    })),
  );
}

/** Every case for one operation: the valid request first, then its path, query, header and body cases. */
export function casesFor(operation: Operation, prng: () => number): Case[] {
  return [
    { label: 'valid request', change: {} },
    ...pathCases(operation, prng),
    ...queryCases(operation, prng),
    ...headerCases(operation, prng),
    ...foreignBodyCases(operation, prng),
    ...bodyCases(operation, prng),
  ];
}
