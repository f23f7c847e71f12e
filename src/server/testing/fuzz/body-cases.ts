import { pick, randomInt } from '#shared/domain/testing/prng.ts';
import { isJsonMediaType, typeOf } from './operations.ts';
import type { Operation } from './operations.ts';
import type { Case } from './cases.ts';
import {
  hostileNumbers,
  hostileStrings,
  hugeString,
  oddNumbers,
  oddStrings,
  randomJsonValue,
  sample,
  wrongTypes,
} from './nasty.ts';
import type { Body, WorldValues } from './request.ts';
import { RawJson, REMOVE, baseline, leavesOf, serialize, withValue } from './values.ts';
import type { Leaf } from './values.ts';

// Test support: malformed JSON bodies: each field replaced or removed, wrong media types, broken JSON text.

type Mutation = { label: string; value: unknown };

const show = (value: unknown) => {
  const text = value instanceof RawJson ? value.text : value === REMOVE ? '(missing)' : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 40)}…(${text.length})` : text;
};

function mutationsOf(leaf: Leaf, prng: () => number): Mutation[] {
  const type = typeOf(leaf.schema);
  const values: unknown[] = [REMOVE, ...wrongTypes(type)];
  if (type === 'string') values.push(...hostileStrings, ...sample(prng, oddStrings, 3), hugeString);
  if (type === 'integer' || type === 'number') values.push(...hostileNumbers, ...sample(prng, oddNumbers, 3));
  if (type === 'array')
    values.push(
      [],
      Array.from({ length: 600 }, () => ({})),
      [null],
    );
  if (type === 'object') values.push({}, { __proto__: null, constructor: 1 });
  return values.map((value) => ({ label: `${leaf.path.join('.')} = ${show(value)}`, value }));
}

const send =
  (contentType: string | null, text: (world: WorldValues) => string | Uint8Array) =>
  (world: WorldValues): Body => ({
    data: text(world),
    contentType,
  });

/** Media types other than JSON on a JSON endpoint, the valid body's text as the payload. */
const foreignTypes = [
  null,
  '',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  'application/xml',
  'json',
  'application/json; charset',
];

/** JSON text no parser accepts, or accepts as something other than an object: all sent to every JSON body. */
const brokenTexts: readonly string[] = ['', '{', '{"a":', 'null', '"text"', '[]', '['.repeat(100_000)];

/** A few of these go to each JSON body, drawn by the seed. */
const oddTexts: readonly string[] = [
  '[',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '{"a":1,}',
  '\u0000',
  '123',
  'true',
  '[{}]',
  '{"__proto__":{"isAdmin":true}}',
  '{"a":'.repeat(20_000),
];

function bodyLevelCases(operation: Operation, prng: () => number): Case[] {
  const valid = (world: WorldValues) => serialize(baseline(operation.body?.schema ?? {}, world.hints));
  return [
    ...foreignTypes.map((type) => ({
      label: `content-type ${JSON.stringify(type)}`,
      change: { body: send(type, valid) },
    })),
    { label: 'no body', change: { body: () => ({ data: null, contentType: 'application/json' }) } },
    { label: 'no body, no content type', change: { body: () => ({ data: null, contentType: null }) } },
    ...[...brokenTexts, ...sample(prng, oddTexts, 3)].map((text) => ({
      label: `JSON ${show(text)}`,
      change: { body: send('application/json', () => text) },
    })),
    { label: 'JSON with a byte-order mark', change: { body: send('application/json', (w) => `\ufeff${valid(w)}`) } },
    {
      label: 'JSON as invalid UTF-8',
      change: { body: send('application/json', () => new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])) },
    },
    {
      label: 'JSON of 2 MB',
      change: { body: send('application/json', () => JSON.stringify({ a: 'x'.repeat(2_000_000) })) },
    },
    {
      label: 'extra fields',
      change: {
        body: send('application/json', (w) =>
          serialize({ ...(baseline(operation.body?.schema ?? {}, w.hints) as object), extra: '\u0000', __proto__x: 1 }),
        ),
      },
    },
  ];
}

function leafCases(operation: Operation, prng: () => number): Case[] {
  const schema = operation.body?.schema ?? {};
  return leavesOf(schema).flatMap((leaf) =>
    mutationsOf(leaf, prng).map((mutation) => ({
      label: `body ${mutation.label}`,
      change: {
        body: send('application/json', (world) =>
          serialize(withValue(baseline(schema, world.hints), leaf.path, mutation.value)),
        ),
      },
    })),
  );
}

/** Seeded: several fields of the valid body replaced at once by random hostile values. */
function randomCases(operation: Operation, prng: () => number, count: number): Case[] {
  const schema = operation.body?.schema ?? {};
  const leaves = leavesOf(schema);
  if (leaves.length === 0) return [];
  return Array.from({ length: count }, (_, index) => {
    const changes = Array.from({ length: randomInt(prng, 1, 3) }, () => ({
      leaf: pick(prng, leaves),
      value: randomJsonValue(prng),
    }));
    return {
      label: `random #${index}: ${changes.map((c) => `${c.leaf.path.join('.')} = ${show(c.value)}`).join(', ')}`,
      change: {
        body: send('application/json', (world) =>
          serialize(changes.reduce((body, c) => withValue(body, c.leaf.path, c.value), baseline(schema, world.hints))),
        ),
      },
    };
  });
}

/** Every body case of an operation with a JSON body; none for other operations. */
export function bodyCases(operation: Operation, prng: () => number, randomCount = 8): Case[] {
  if (!operation.body || !isJsonMediaType(operation.body.mediaType)) return [];
  return [
    ...bodyLevelCases(operation, prng),
    ...leafCases(operation, prng),
    ...randomCases(operation, prng, randomCount),
  ];
}
