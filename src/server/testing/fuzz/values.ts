import { randomUUID } from 'node:crypto';
import { typeOf } from './operations.ts';
import type { JsonSchema } from './operations.ts';

// Test support: valid bodies built from a schema and the values a malformed request puts in their place.

/** JSON text sent as is, for what JSON.stringify cannot write (1e999, -0) or would quote. */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** JSON text of a value that may hold RawJson pieces anywhere inside it. */
export function serialize(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawJson)) return item;
    raws.push(item.text);
    return `\u0000raw${raws.length - 1}\u0000`;
  });
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_match, index: string) => raws[Number(index)] ?? 'null');
}

/** Real values of the world, by field or parameter name; a function is called for each request. */
export type Hints = Record<string, unknown>;

const hinted = (hints: Hints, name: string | undefined): { found: boolean; value?: unknown } => {
  if (name === undefined || !Object.hasOwn(hints, name)) return { found: false };
  const hint = hints[name];
  return { found: true, value: typeof hint === 'function' ? (hint as () => unknown)() : hint };
};

function baselineString(schema: JsonSchema): string {
  if (schema.enum) return String(schema.enum[0]);
  if (schema.format === 'uuid') return randomUUID();
  return 'Fuzz'.padEnd(schema.minLength ?? 0, 'z').slice(0, schema.maxLength ?? 100);
}

function baselineInteger(schema: JsonSchema): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 0 : schema.exclusiveMinimum + 1);
  return Math.min(Math.max(100, low), schema.maximum ?? Number.MAX_SAFE_INTEGER);
}

/** A value the schema accepts, with every optional property present, taking real ids from `hints`. */
export function baseline(schema: JsonSchema, hints: Hints, name?: string): unknown {
  const hint = hinted(hints, name);
  if (hint.found) return hint.value;
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, baseline(property, hints, key)]),
      );
    case 'array':
      return [baseline(schema.items ?? {}, hints)];
    case 'integer':
    case 'number':
      return baselineInteger(schema);
    case 'boolean':
      return true;
    default:
      return baselineString(schema);
  }
}

export type Leaf = { path: Array<string | number>; schema: JsonSchema; required: boolean };

/** Every property reachable in a baseline value (array items through their first element), outermost first. */
export function leavesOf(schema: JsonSchema, path: Array<string | number> = [], required = true): Leaf[] {
  const leaves: Leaf[] = path.length ? [{ path, schema, required }] : [];
  const type = typeOf(schema);
  if (type === 'object') {
    for (const [key, property] of Object.entries(schema.properties ?? {}))
      leaves.push(...leavesOf(property, [...path, key], schema.required?.includes(key) ?? false));
  }
  if (type === 'array' && schema.items) leaves.push(...leavesOf(schema.items, [...path, 0], true));
  return leaves;
}

/** A deep copy of `value` with the property at `path` replaced, or removed when `replacement` is `REMOVE`. */
export const REMOVE = Symbol('remove');
export function withValue(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  if (rest.length === 0 && replacement === REMOVE) delete copy[head];
  else copy[head] = withValue(copy[head], rest, replacement);
  return copy;
}
