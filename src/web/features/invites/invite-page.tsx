import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailOpenIcon } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import type { InvitePreview } from '#shared/api/invites.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { formatDateTime } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { loginPathFor } from '#shared/redirect.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Alert, Spinner } from '../../components/ui/feedback.tsx';
import { ApiError, client, read, withSignal } from '../../lib/api.ts';
import { groupKeys } from '../../lib/queries/groups.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { ClaimChoice, joinedText } from './claim-choice.tsx';
import { forgetInvite, rememberInvite } from './pending-invite.ts';

const texts = sv.groups.invitePage;
type Session = ReturnType<typeof useSession>['session'];

// Accepting shows these codes' own texts; anything else is "Kunde inte gå med i gruppen".
const acceptCodes: readonly ErrorCode[] = [
  'PERSON_ALREADY_CLAIMED',
  'FORMER_MEMBER_CANNOT_CLAIM',
  'INVALID_INVITE',
  'INVITE_EXPIRED',
  'MAX_USES_REACHED',
  'INVITES_DISABLED',
  'GROUP_FULL',
  'GROUP_LIMIT_REACHED',
  'RATE_LIMITED',
];
const acceptErrorText = (error: unknown) =>
  error instanceof ApiError && acceptCodes.includes(error.code) ? sv.errors[error.code] : texts.acceptFailed;

const statusText: Record<Exclude<InvitePreview['status'], 'valid'>, string> = {
  revoked: texts.revoked,
  expired: texts.expired,
  used_up: sv.errors.MAX_USES_REACHED,
  disabled: sv.errors.INVITES_DISABLED,
};

/** /invite/{token}: the group's name and the invite's status; join, or sign up first and come back. */
export function Component() {
  const token = (useParams().token ?? '').trim();
  const { session } = useSession();
  const preview = useQuery({
    queryKey: ['invite', token, session?.user.id ?? null],
    queryFn: ({ signal }) =>
      read(client.api.invites[':token'].$get({ param: { token: encodeURIComponent(token) } }, withSignal(signal))),
    enabled: token !== '' && session !== undefined,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 3,
  });
  useEffect(() => {
    if (!token) return;
    if (session) forgetInvite();
    else if (session === null) rememberInvite(token);
  }, [token, session]);

  return (
    <PublicPage title={texts.title} narrow>
      <Card>
        {!token ? (
          <Problem text={texts.missingToken} />
        ) : preview.isError ? (
          <Problem
            text={
              preview.error instanceof ApiError && preview.error.code === 'NOT_FOUND' ? texts.notFound : texts.other
            }
          />
        ) : preview.data && session !== undefined ? (
          <Invite token={token} preview={preview.data} session={session} />
        ) : (
          <CardContent className="flex justify-center py-12">
            <Spinner />
          </CardContent>
        )}
      </Card>
    </PublicPage>
  );
}

function Problem({ text, groupName }: { text: string; groupName?: string }) {
  return (
    <>
      <CardHeader>
        {groupName ? <CardDescription className="break-words">{groupName}</CardDescription> : null}
        <CardTitle as="h1">{text}</CardTitle>
        <CardDescription>{texts.askForNew}</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button variant="outline" asChild>
          <Link to="/">{texts.toStart}</Link>
        </Button>
      </CardFooter>
    </>
  );
}

function Invite({ token, preview, session }: { token: string; preview: InvitePreview; session: Session }) {
  const known = preview.membership === 'member' || preview.membership === 'owner';
  if (preview.status !== 'valid' && !known)
    return <Problem text={statusText[preview.status]} groupName={preview.groupName} />;
  return (
    <>
      <CardHeader className="justify-items-center text-center">
        <MailOpenIcon aria-hidden className="mb-2 size-10 text-primary" />
        <CardDescription>{texts.invitedTo}</CardDescription>
        <CardTitle as="h1" className="text-2xl break-words">
          {preview.groupName}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-center">
        {known ? null : (
          <p className="text-sm text-muted-foreground">
            {sv.fill(texts.validUntil, { date: formatDateTime(preview.expiresAt) })}
          </p>
        )}
        {session ? <JoinAction token={token} preview={preview} /> : <SignUpPrompt token={token} />}
      </CardContent>
    </>
  );
}

function SignUpPrompt({ token }: { token: string }) {
  const back = loginPathFor(`/invite/${token}`);
  return (
    <div className="grid gap-3">
      <p>{texts.signupPrompt}</p>
      <Button asChild>
        <Link to={`${back}&mode=signup`}>{texts.signup}</Link>
      </Button>
      <Button variant="outline" asChild>
        <Link to={back}>{texts.login}</Link>
      </Button>
    </div>
  );
}

function JoinAction({ token, preview }: { token: string; preview: InvitePreview }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The people without an account to choose among; a person added after the page loaded comes with the answer.
  const [people, setPeople] = useState(preview.people);
  const accept = useMutation({
    mutationFn: (as: string | undefined) =>
      read(client.api.invites[':token'].accept.$post({ param: { token: encodeURIComponent(token) }, json: { as } })),
    onSuccess: async (result, as) => {
      if (result.people.length > 0) return setPeople(result.people);
      if (result.isOwner) toast.info(texts.isOwner);
      else if (result.alreadyMember) toast.info(texts.alreadyMember);
      else toast.success(joinedText(preview.groupName, people, as));
      await queryClient.invalidateQueries({ queryKey: groupKeys.list });
      await navigate(`/app/group/${result.groupId}`);
    },
    onError: (error, as) => {
      // Someone else took that place meanwhile: it is no longer a choice.
      if (error instanceof ApiError && error.code === 'PERSON_ALREADY_CLAIMED')
        setPeople((current) => current.filter((person) => person.memberId !== as));
    },
  });
  if (preview.groupId) {
    return (
      <div className="grid gap-3">
        <Alert>{preview.membership === 'owner' ? texts.isOwner : texts.alreadyMember}</Alert>
        <Button asChild>
          <Link to={`/app/group/${preview.groupId}`}>{texts.openGroup}</Link>
        </Button>
      </div>
    );
  }
  const error = accept.isError ? <Alert variant="error">{acceptErrorText(accept.error)}</Alert> : null;
  if (people.length > 0) {
    return (
      <div className="grid gap-3">
        {error}
        <ClaimChoice
          people={people}
          pending={accept.isPending ? (accept.variables ?? null) : null}
          onChoose={(as) => accept.mutate(as)}
        />
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      {error}
      <Button size="lg" onClick={() => accept.mutate(undefined)} disabled={accept.isPending}>
        {accept.isPending ? texts.joining : texts.join}
      </Button>
    </div>
  );
}
