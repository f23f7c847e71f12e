import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { $ZodType, input, output } from 'zod/v4/core';
import { checkWithSchema, type FieldMessages } from './form.ts';

type TextValues = Record<string, string>;

/**
 * A small form state for text fields, validated by a shared zod schema: checks on submit, then again on every change
 * (like react-hook-form's defaults), focuses the first invalid field, and keeps message keys for validationText().
 *
 * The schema comes from a loader (`() => import('#shared/api/x.ts').then((m) => m.xForm)`), fetched when a field is
 * first focused: zod then stays off the page's first load, which public pages cannot afford (docs/decisions/007).
 * Should it fail to load, the form submits unchecked and the server's answer (codes and field keys) is shown instead.
 */
export function useSchemaForm<S extends $ZodType<unknown, TextValues>>(
  loadSchema: () => Promise<S>,
  defaultValues: input<S>,
) {
  type Name = keyof input<S> & string;
  const [values, setValues] = useState<input<S>>(defaultValues);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [submitted, setSubmitted] = useState(false);
  const schema = useRef<S | null>(null);
  const load = useRef(loadSchema);

  const loading = useRef<Promise<unknown> | null>(null);
  // Fetched when the person first steps into a field, not as the form mounts: a page that is only looked at (or a
  // public page on a slow phone) never downloads the validation code (decision 050).
  const warmUp = () => {
    loading.current ??= load
      .current()
      .then((loaded) => {
        schema.current = loaded;
      })
      .catch(() => {
        loading.current = null;
      });
  };

  const check = async (next: input<S>) => {
    const loaded = schema.current ?? (await load.current().catch(() => null));
    return loaded ? checkWithSchema(loaded, next) : ({ ok: true, data: next as output<S> } as const);
  };

  const setValue = (name: Name, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted && schema.current) {
      const checked = checkWithSchema(schema.current, next);
      setErrors(checked.ok ? {} : checked.errors);
    }
  };

  const register = (name: Name) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, event.target.value),
    onFocus: warmUp,
  });

  const handleSubmit = (onValid: (data: output<S>) => unknown) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    const checked = await check(values);
    if (checked.ok) {
      setErrors({});
      await onValid(checked.data);
      return;
    }
    setErrors(checked.errors);
    const firstInvalid = [...form.elements].find(
      (element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name in checked.errors,
    );
    firstInvalid?.focus();
  };

  return {
    values,
    errors,
    register,
    setValue,
    handleSubmit,
    /** E.g. server field errors from serverFieldErrors(); they stay until the next change or submit. */
    setErrors,
    clearErrors: () => setErrors({}),
  };
}
