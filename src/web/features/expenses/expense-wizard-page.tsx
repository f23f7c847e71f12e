import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { preloadChoiceSelect } from '../../components/ui/choice-select.tsx';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useSharedFile, useSharedId } from '../../pwa/shared-file.ts';
import { ExpenseWizard } from './expense-wizard.tsx';
import { preloadExpenseSchema } from './expense-form.ts';
import { peopleOf } from './people.ts';
import { groupQuery, membersQuery } from '../../lib/queries/groups.ts';

const texts = sv.expenses.wizard;

/** /app/group/{id}/expense/new. When the group cannot be loaded, the message shows and the user goes to /app. */
export function Component() {
  const groupId = useParams().groupId ?? '';
  const navigate = useNavigate();
  const group = useQuery(groupQuery(groupId));
  const members = useQuery(membersQuery(groupId));
  const failed = group.error ?? members.error;
  // A photo shared into Kvitt (decision 047) is attached on step 1 and read as if chosen there.
  const sharedId = useSharedId();
  const shared = useSharedFile();
  const sharedMissing = sharedId !== null && shared.ready && shared.file === null;
  useEffect(() => {
    if (sharedMissing) toast.info(sv.pwa.share.missing, { id: 'shared-missing' });
  }, [sharedMissing]);
  // The form's checks need zod, its selects their code: fetched beside the group's data, ready when step 1 shows or
  // by the first "Nästa" (decision 069).
  useEffect(() => {
    preloadExpenseSchema();
    preloadChoiceSelect().catch(() => undefined);
  }, []);
  useEffect(() => {
    if (!failed) return;
    toast.error(texts.loadFailed, { description: errorText(failed), id: `wizard-failed-${groupId}` });
    void navigate('/app', { replace: true });
  }, [failed, groupId, navigate]);

  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageTitle page={texts.title} />
      {group.data && members.data && shared.ready ? (
        <ExpenseWizard group={group.data} people={peopleOf(members.data)} sharedFile={shared.file} />
      ) : (
        <div className="grid gap-4" aria-busy="true">
          <span className="sr-only" role="status">
            {sv.shell.loading}
          </span>
          <Skeleton className="h-24" />
          <Skeleton className="h-96" />
        </div>
      )}
    </div>
  );
}
