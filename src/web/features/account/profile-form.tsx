import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { PROFILE_MAX } from '#shared/api/account-limits.ts';
import type { Profile, ProfileBody, ProfileBodyOutput } from '#shared/api/account.ts';
import { formatPhone } from '#shared/domain/phone.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ApiError } from '../../lib/api.ts';
import { validationText } from '../../lib/form.ts';
import { schemaResolver } from '../../lib/schema-resolver.ts';
import { refreshSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { profileKey } from '../../lib/queries/account.ts';
import { saveProfile } from './account-api.ts';

type Values = { [K in keyof typeof PROFILE_MAX]: string };
const FIELDS = ['name', 'phone', 'address', 'postalCode', 'city', 'country'] as const;
const texts = sv.account.profile;
const resolver = schemaResolver(() => import('#shared/api/account.ts').then((m) => m.profileBody));

const toValues = (profile: Profile): Values => ({
  name: profile.name,
  // Shown as everywhere else (070-123 45 67); saving turns it back into the stored form.
  phone: profile.phone === null ? '' : formatPhone(profile.phone),
  address: profile.address ?? '',
  postalCode: profile.postalCode ?? '',
  city: profile.city ?? '',
  country: profile.country ?? '',
});

/** The first problem, in field order, becomes the error toast; every field also shows its own. */
function firstMessage(errors: FieldErrors<ProfileBody> | Record<string, string>): string | undefined {
  for (const name of FIELDS) {
    const entry = errors[name];
    const key = typeof entry === 'string' ? entry : entry?.message;
    if (key) return validationText(key);
  }
  return undefined;
}

interface InputSpec {
  name: (typeof FIELDS)[number];
  label: string;
  autoComplete: string;
  type?: 'tel';
  inputMode?: 'tel' | 'numeric';
  hint?: string;
}

const inputs: InputSpec[] = [
  { name: 'name', label: texts.name, autoComplete: 'name' },
  { name: 'phone', label: texts.phone, autoComplete: 'tel', type: 'tel', inputMode: 'tel', hint: texts.phoneHint },
  { name: 'address', label: texts.address, autoComplete: 'street-address' },
  { name: 'postalCode', label: texts.postalCode, autoComplete: 'postal-code', inputMode: 'numeric' },
  { name: 'city', label: texts.city, autoComplete: 'address-level2' },
  { name: 'country', label: texts.country, autoComplete: 'country-name' },
];
const wide = new Set(['name', 'phone', 'address']);

/** Personuppgifter: name required, the rest optional, trimmed and stored as null when empty. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const form = useForm<ProfileBody, unknown, ProfileBodyOutput>({ resolver, defaultValues: toValues(profile) });
  useEffect(() => resolver.preload(), []);
  const save = useMutation({
    mutationFn: (body: ProfileBody) => saveProfile(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(profileKey, saved);
      form.reset(toValues(saved));
      toast.success(texts.saved);
      void refreshSession();
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      for (const name of FIELDS) if (fields[name]) form.setError(name, { message: fields[name] });
      toast.error(firstMessage(fields) ?? texts.saveFailed);
    },
  });
  const submit = form.handleSubmit(
    (body) => save.mutate(body),
    (errors) => toast.error(firstMessage(errors) ?? texts.saveFailed),
  );
  const { errors } = form.formState;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2">
      {inputs.map(({ name, label, hint, ...attributes }) => (
        <Field
          key={name}
          label={label}
          hint={hint}
          error={validationText(errors[name]?.message)}
          className={wide.has(name) ? 'sm:col-span-2' : undefined}
        >
          {(control) => (
            <Input
              maxLength={PROFILE_MAX[name]}
              required={name === 'name'}
              {...attributes}
              {...control}
              {...form.register(name)}
            />
          )}
        </Field>
      ))}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? texts.saving : texts.save}
        </Button>
      </div>
    </form>
  );
}
