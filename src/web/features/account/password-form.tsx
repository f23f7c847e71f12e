import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { serverFieldErrors, validationText } from '../../lib/form.ts';
import { schemaResolver } from '../../lib/schema-resolver.ts';
import { refreshSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { changePassword, failureText } from './account-api.ts';
import { keepPushAfterNewSession } from './push-device.ts';

type Values = { currentPassword: string; password: string; repeat: string };
const FIELDS = ['currentPassword', 'password', 'repeat'] as const;
const empty: Values = { currentPassword: '', password: '', repeat: '' };
const texts = sv.account.password;
const resolver = schemaResolver(() => import('#shared/api/auth.ts').then((m) => m.changePasswordForm));

/**
 * "Byt lösenord": the current password and the new one twice. The server then ends every other session of the
 * account and keeps this browser signed in under a new session (decision 038).
 */
export function PasswordForm() {
  const form = useForm<Values>({ resolver, defaultValues: empty });
  useEffect(() => resolver.preload(), []);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ currentPassword, password }: Values) => changePassword({ currentPassword, newPassword: password }),
    onSuccess: () => {
      form.reset(empty);
      toast.success(texts.saved);
      void refreshSession();
      void keepPushAfterNewSession(queryClient).catch(() => undefined);
    },
    onError: (error) => {
      const fields = serverFieldErrors(error, FIELDS, { newPassword: 'password' });
      for (const name of FIELDS) if (fields[name]) form.setError(name, { message: fields[name] });
      const first = FIELDS.map((name) => fields[name]).find(Boolean);
      toast.error(first ? (validationText(first) ?? texts.failed) : failureText(error, texts.failed));
    },
  });
  const { errors } = form.formState;
  const inputs = [
    { name: 'currentPassword', label: texts.current, autoComplete: 'current-password' },
    { name: 'password', label: texts.new, autoComplete: 'new-password' },
    { name: 'repeat', label: texts.repeat, autoComplete: 'new-password' },
  ] as const;

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
      className="grid gap-4"
    >
      {inputs.map(({ name, label, autoComplete }) => (
        <Field key={name} label={label} error={validationText(errors[name]?.message)}>
          {(control) => <PasswordInput autoComplete={autoComplete} {...control} {...form.register(name)} />}
        </Field>
      ))}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? texts.saving : texts.save}
        </Button>
      </div>
    </form>
  );
}
