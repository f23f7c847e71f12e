import { pick, randomInt, shuffled } from '#shared/domain/testing/prng.ts';
import { RawJson } from './values.ts';

// Test support: the values a careless or hostile client sends, by the kind of field they go to.

/** Sent to every text field: NUL, other control characters, lone surrogates, nothing visible. */
export const hostileStrings: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\u001b[31mröd\u001b[0m',
  '\u0085',
  '\ud800',
  'a\udc00b',
  '\u200b\u200d',
  '',
];

/** A few of these go to each text field, drawn by the seed. */
export const oddStrings: readonly string[] = [
  ' ',
  '\u0001',
  '\u007f',
  '\u009f',
  '\t',
  'rad ett\nrad två',
  '\r\n',
  '\udbff\udbff',
  '\u2060',
  '\ufeff',
  '\u00ad',
  '\u202eabc',
  'e\u0301',
  '👍🏽',
  'å'.repeat(101),
  'x'.repeat(2001),
  'NaN',
  'Infinity',
  '-0',
  '1e999',
  "'; drop table users; --",
  '../../etc/passwd',
  '%00',
  '__proto__',
];

/** 1 MB of text: far above every limit, sent once per text field. */
export const hugeString = 'å'.repeat(1 << 20);

/** Sent to every number field, as JSON text (so 1e999 and -0 arrive as written), and NaN and ∞ as strings. */
export const hostileNumbers: readonly unknown[] = [
  ...['-0', '-1', '0.5', '9007199254740992', '1e21', '1e999', '-1e999'].map((text) => new RawJson(text)),
  'NaN',
  'Infinity',
];

/** A few of these go to each number field, drawn by the seed. */
export const oddNumbers: readonly unknown[] = [
  ...['0', '1e-7', '2147483647', '2147483648', '9007199254740991', '-9007199254740993', '100000000001', '1e308'].map(
    (text) => new RawJson(text),
  ),
  new RawJson('5e-324'),
  '-Infinity',
  '-0',
  ' 12 ',
  '0x10',
];

/** A version-4 uuid drawn by the seed: an id in the right shape that names nothing. */
export const seededUuid = (prng: () => number): string =>
  'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) =>
    (c === 'x' ? randomInt(prng, 0, 15) : randomInt(prng, 8, 11)).toString(16),
  );

/** `count` items of `items` drawn by the seed, in a random order. */
export const sample = <T>(prng: () => number, items: readonly T[], count: number): T[] =>
  shuffled(prng, items).slice(0, count);

/** A value of every other JSON type, for a field of `type`. */
export function wrongTypes(type: string | undefined): unknown[] {
  const all: Record<string, unknown> = {
    string: 'text',
    number: 12,
    boolean: true,
    object: { a: 1 },
    array: [1],
    null: null,
  };
  const own = type === 'integer' ? 'number' : type;
  return Object.entries(all)
    .filter(([name]) => name !== own)
    .map(([, value]) => value);
}

const alphabet = [
  'a',
  'Å',
  ' ',
  '\u0000',
  '\u0007',
  '\u001f',
  '\u0085',
  '\ud800',
  '\udc00',
  '\u200b',
  '\ufeff',
  '"',
  '\\',
  '😀',
  '\n',
];

/** A random string of up to `max` characters drawn from a hostile alphabet. */
export function randomNastyString(prng: () => number, max = 40): string {
  return Array.from({ length: randomInt(prng, 0, max) }, () => pick(prng, alphabet)).join('');
}

/** A random JSON value of any type, nested a few levels at most. */
export function randomJsonValue(prng: () => number, depth = 0): unknown {
  const kind = randomInt(prng, 0, depth > 2 ? 3 : 5);
  switch (kind) {
    case 0:
      return randomNastyString(prng);
    case 1:
      return pick(prng, [...hostileNumbers, ...oddNumbers]);
    case 2:
      return pick(prng, [null, true, false]);
    case 3:
      return pick(prng, [...hostileStrings, ...oddStrings]);
    case 4:
      return Array.from({ length: randomInt(prng, 0, 3) }, () => randomJsonValue(prng, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: randomInt(prng, 0, 3) }, () => [
          randomNastyString(prng, 8),
          randomJsonValue(prng, depth + 1),
        ]),
      );
  }
}
