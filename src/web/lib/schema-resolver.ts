import type { FieldValues, Resolver } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

/**
 * The one way to check a react-hook-form form against a shared schema: zodResolver, with zod, the resolver and the
 * schema fetched on the first check (or ahead by `preload()`, as the form mounts) rather than on the page's first
 * load, which they would grow by ~25 kB (decision 007). The loader is the same one `useSchemaForm` takes:
 * `() => import('#shared/api/x.ts').then((m) => m.xForm)`.
 */
export function schemaResolver<Input extends FieldValues, Output = Input>(
  loadSchema: () => Promise<$ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> & { preload: () => void } {
  const load = () => Promise.all([import('@hookform/resolvers/zod'), loadSchema()]);
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => {
    const [{ zodResolver }, schema] = await load();
    return zodResolver(schema)(values, context, options);
  };
  return Object.assign(resolver, { preload: () => void load().catch(() => undefined) });
}
