import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

export type SchemaResolver<Input extends FieldValues, Output = Input> = Resolver<Input, unknown, Output> & {
  /** Fetches zod, the resolver and the schema now, ahead of the first check. */
  preload: () => void;
  /**
   * Whether the fields `names` (and what lies under them) pass the schema, checked at once without waiting for
   * anything; null until zod and the schema have arrived, or when the schema can only be checked asynchronously.
   */
  passesNow: (values: Input, names: readonly string[]) => boolean | null;
};

/**
 * The one way to check a react-hook-form form against a shared schema: zodResolver, with zod, the resolver and the
 * schema fetched on the first check (or ahead by `preload()`, as the form mounts) rather than on the page's first
 * load, which they would grow by ~25 kB (decision 007). The loader is the same one `useSchemaForm` takes:
 * `() => import('#shared/api/x.ts').then((m) => m.xForm)`. It is asked once; what it gave is kept, so a check after
 * the first waits for nothing and `passesNow` can answer within the event that asked (decision 089).
 */
export function schemaResolver<Input extends FieldValues, Output = Input>(
  loadSchema: () => Promise<$ZodType<Output, Input>>,
): SchemaResolver<Input, Output> {
  type Loaded = { schema: $ZodType<Output, Input>; resolve: Resolver<Input, unknown, Output> };
  let loaded: Loaded | null = null;
  let loading: Promise<Loaded> | null = null;
  const load = () =>
    (loading ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => (loaded = { schema, resolve: zodResolver(schema) }),
      (error: unknown) => {
        // A failed fetch (offline, a new deployment) is tried again by the next check.
        loading = null;
        throw error;
      },
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (loaded ?? (await load())).resolve(values, context, options);
  const passesNow = (values: Input, names: readonly string[]): boolean | null => {
    if (!loaded) return null;
    const result = loaded.schema['~standard'].validate(values);
    if (result instanceof Promise) return null;
    const named = new Set(names);
    return !(result.issues ?? []).some((issue) => {
      const first = issue.path?.[0];
      const key = typeof first === 'object' ? first.key : first;
      return key !== undefined && named.has(String(key));
    });
  };
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined), passesNow });
}
