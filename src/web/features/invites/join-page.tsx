import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { JoinByCodeBody } from '#shared/api/invites.ts';
import type { ErrorCode } from '#shared/errors.ts';
import * as sv from '#shared/i18n/sv.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Alert } from '../../components/ui/feedback.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ApiError, client, read } from '../../lib/api.ts';
import { groupKeys } from '../../lib/queries/groups.ts';
import { validationText } from '../../lib/form.ts';
import { schemaResolver } from '../../lib/schema-resolver.ts';
import { toast } from '../../lib/toast.ts';

const texts = sv.groups.join;

const resolver = schemaResolver(() => import('#shared/api/invites.ts').then((m) => m.joinByCodeBody));

// Joining by code: these codes show their own text; anything else is "Kunde inte gå med i gruppen".
const joinCodes: readonly ErrorCode[] = [
  'INVALID_CODE',
  'INVITES_DISABLED',
  'RATE_LIMITED',
  'GROUP_FULL',
  'GROUP_LIMIT_REACHED',
];
const joinErrorText = (error: unknown) =>
  error instanceof ApiError && joinCodes.includes(error.code) ? sv.errors[error.code] : texts.failed;

/** /app/join "Gå med i grupp": one code field, upper-cased as typed; spaces and hyphens do not matter. */
export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<JoinByCodeBody>({ resolver, defaultValues: { code: '' } });
  useEffect(() => resolver.preload(), []);
  const join = useMutation({
    mutationFn: (body: JoinByCodeBody) => read(client.api.groups.join.$post({ json: body })),
    onSuccess: async (result) => {
      if (result.isOwner) toast.info(sv.groups.invitePage.isOwner);
      else if (result.alreadyMember) toast.info(sv.groups.invitePage.alreadyMember);
      else toast.success(sv.fill(texts.joined, { group: result.groupName }));
      await queryClient.invalidateQueries({ queryKey: groupKeys.list });
      await navigate(`/app/group/${result.groupId}`);
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.fields?.code : undefined;
      if (field) form.setError('code', { message: field });
    },
  });
  const field = form.register('code');
  const showAlert = join.isError && !(join.error instanceof ApiError && join.error.code === 'VALIDATION');
  return (
    <div className="mx-auto w-full max-w-md">
      <PageTitle page={texts.title} />
      <Card>
        <CardHeader>
          <CardTitle as="h1">{texts.title}</CardTitle>
          <CardDescription>{texts.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => void form.handleSubmit((body) => join.mutateAsync(body).catch(() => undefined))(event)}
          >
            {showAlert ? <Alert variant="error">{joinErrorText(join.error)}</Alert> : null}
            <Field label={texts.code} hint={texts.hint} error={validationText(form.formState.errors.code?.message)}>
              {(control) => (
                <Input
                  {...control}
                  {...field}
                  onChange={(event) => {
                    // Upper-cased as typed; the caret stays where it was.
                    const { selectionStart, selectionEnd } = event.target;
                    event.target.value = event.target.value.toUpperCase();
                    event.target.setSelectionRange(selectionStart, selectionEnd);
                    void field.onChange(event);
                  }}
                  autoComplete="off"
                  autoCapitalize="characters"
                  autoCorrect="off"
                  spellCheck={false}
                  placeholder={texts.placeholder}
                  className="font-mono text-lg tracking-widest uppercase"
                />
              )}
            </Field>
            <Button type="submit" disabled={join.isPending}>
              {join.isPending ? texts.submitting : texts.submit}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
