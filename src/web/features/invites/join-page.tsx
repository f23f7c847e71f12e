import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { ClaimablePerson, JoinByCodeBody } from '#shared/api/invites.ts';
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
import { ClaimChoice, joinedText } from './claim-choice.tsx';

const texts = sv.groups.join;

const resolver = schemaResolver(() => import('#shared/api/invites.ts').then((m) => m.joinByCodeBody));

// Joining by code: these codes show their own text; anything else is "Kunde inte gå med i gruppen".
const joinCodes: readonly ErrorCode[] = [
  'PERSON_ALREADY_CLAIMED',
  'FORMER_MEMBER_CANNOT_CLAIM',
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
  // The group's people without an account, once the code has found a group that has some (decision 056).
  const [choice, setChoice] = useState<{ code: string; people: ClaimablePerson[] } | null>(null);
  const join = useMutation({
    mutationFn: (body: JoinByCodeBody) => read(client.api.groups.join.$post({ json: body })),
    onSuccess: async (result, body) => {
      if (result.people.length > 0) return setChoice({ code: body.code, people: result.people });
      if (result.isOwner) toast.info(sv.groups.invitePage.isOwner);
      else if (result.alreadyMember) toast.info(sv.groups.invitePage.alreadyMember);
      else toast.success(joinedText(result.groupName, choice?.people ?? [], body.as));
      await queryClient.invalidateQueries({ queryKey: groupKeys.list });
      await navigate(`/app/group/${result.groupId}`);
    },
    onError: (error, body) => {
      const field = error instanceof ApiError ? error.fields?.code : undefined;
      if (field) form.setError('code', { message: field });
      // Someone else took that place meanwhile: it is no longer a choice.
      if (error instanceof ApiError && error.code === 'PERSON_ALREADY_CLAIMED' && choice)
        setChoice({ ...choice, people: choice.people.filter((person) => person.memberId !== body.as) });
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
          {choice && choice.people.length > 0 ? (
            <div className="grid gap-3">
              {join.isError ? <Alert variant="error">{joinErrorText(join.error)}</Alert> : null}
              <ClaimChoice
                people={choice.people}
                pending={join.isPending ? (join.variables.as ?? null) : null}
                onChoose={(as) => join.mutate({ code: choice.code, as })}
              />
            </div>
          ) : (
            <form
              noValidate
              className="grid gap-4"
              onSubmit={(event) =>
                void form.handleSubmit((body) => join.mutateAsync(body).catch(() => undefined))(event)
              }
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
          )}
        </CardContent>
      </Card>
    </div>
  );
}
