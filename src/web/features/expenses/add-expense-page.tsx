import { useQuery } from '@tanstack/react-query';
import { ChevronRightIcon, PlusIcon, UsersIcon } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { formatNumber } from '#shared/format.ts';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Alert, EmptyState, Skeleton } from '../../components/ui/feedback.tsx';
import { errorText } from '../../lib/api.ts';
import { groupsQuery } from '../../lib/queries/groups.ts';
import { useSharedId, withSharedId } from '../../pwa/shared-file.ts';

const texts = sv.expenses.addExpensePage;
const plural = new Intl.PluralRules('sv-SE');
const membersText = (count: number) =>
  fill(plural.select(count) === 'one' ? texts.members.one : texts.members.other, { count: formatNumber(count) });

/**
 * /app/add-expense, the sidebar's "Lägg till kvitto": choose the group, then the wizard. With one group there is
 * nothing to choose; with none, the way forward is to create one.
 */
export function Component() {
  const groups = useQuery(groupsQuery);
  // A photo shared into Kvitt (decision 047) travels with the chosen group to the wizard.
  const sharedId = useSharedId();
  const wizardPath = (groupId: string) => withSharedId(`/app/group/${groupId}/expense/new`, sharedId);
  if (groups.data?.length === 1 && groups.data[0]) return <Navigate to={wizardPath(groups.data[0].id)} replace />;
  return (
    <div className="mx-auto w-full max-w-xl">
      <PageTitle page={texts.title} />
      <Card>
        <CardHeader>
          <CardTitle as="h1">{texts.title}</CardTitle>
          {groups.data?.length ? <CardDescription>{sharedId ? sv.pwa.share.lead : texts.lead}</CardDescription> : null}
        </CardHeader>
        <CardContent>
          {groups.isPending ? (
            <div className="grid gap-2" aria-busy="true">
              <span className="sr-only" role="status">
                {sv.shell.loading}
              </span>
              <Skeleton className="h-14" />
              <Skeleton className="h-14" />
            </div>
          ) : groups.isError ? (
            <Alert variant="error" title={texts.loadFailed}>
              {errorText(groups.error)}
            </Alert>
          ) : groups.data.length === 0 ? (
            <EmptyState
              icon={<UsersIcon />}
              title={texts.noGroupsTitle}
              description={texts.noGroupsText}
              action={
                <Button asChild>
                  <Link to="/app/create-group">
                    <PlusIcon aria-hidden />
                    {texts.createGroup}
                  </Link>
                </Button>
              }
            />
          ) : (
            <ul className="grid gap-2" aria-label={texts.chooseGroup}>
              {groups.data.map((group) => (
                <li key={group.id}>
                  <Link
                    to={wizardPath(group.id)}
                    className="flex min-h-14 items-center gap-3 rounded-lg border px-4 py-3 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className="grid min-w-0 flex-1">
                      <span className="truncate font-medium">{group.name}</span>
                      <span className="text-sm text-muted-foreground">{membersText(group.memberCount)}</span>
                    </span>
                    <ChevronRightIcon aria-hidden className="size-4 text-muted-foreground" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
