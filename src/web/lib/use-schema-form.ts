import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { $ZodType, input, output } from 'zod/v4/core';
import { checkWithSchema, type FieldMessages } from './form.ts';

type TextValues = Record<string, string>;

/**
 * A small form state for text fields, validated by a shared zod schema: checks on submit, then again on every change
 * (like react-hook-form's defaults), focuses the first invalid field, and keeps message keys for validationText().
 * Public pages use it because react-hook-form does not fit their first-load budget (docs/decisions/007).
 */
export function useSchemaForm<S extends $ZodType<unknown, TextValues>>(schema: S, defaultValues: input<S>) {
  type Name = keyof input<S> & string;
  const [values, setValues] = useState<input<S>>(defaultValues);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [submitted, setSubmitted] = useState(false);

  const setValue = (name: Name, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) {
      const checked = checkWithSchema(schema, next);
      setErrors(checked.ok ? {} : checked.errors);
    }
  };

  const register = (name: Name) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, event.target.value),
  });

  const handleSubmit = (onValid: (data: output<S>) => unknown) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = checkWithSchema(schema, values);
    if (checked.ok) {
      setErrors({});
      void onValid(checked.data);
      return;
    }
    setErrors(checked.errors);
    const firstInvalid = [...event.currentTarget.elements].find(
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
