import { useDeferredValue, useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { FileUpIcon, PlusIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { GroupSummary } from '#shared/api/groups.ts';
import * as sv from '#shared/i18n/sv.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { isStalled, PageUnavailable } from '../../components/page-unavailable.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Alert, EmptyState, Skeleton } from '../../components/ui/feedback.tsx';
import { GroupCard } from './group-card.tsx';
import { OverviewPanel } from './overview-panel.tsx';
import { groupsQuery, overviewQuery } from '../../lib/queries/groups.ts';

const texts = sv.groups.list;

const fold = (text: string) => text.toLocaleLowerCase('sv-SE').normalize('NFC');

function matches(group: GroupSummary, query: string): boolean {
  const needle = fold(query.trim());
  return needle === '' || fold(group.name).includes(needle) || fold(group.description ?? '').includes(needle);
}

function NewGroupButton() {
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline">
        <Link to="/app/import-group">
          <FileUpIcon aria-hidden />
          {sv.imports.entry}
        </Link>
      </Button>
      <Button asChild>
        <Link to="/app/create-group">
          <PlusIcon aria-hidden />
          {texts.newGroup}
        </Link>
      </Button>
    </div>
  );
}

/** /app "Dina grupper": search, new-group button, cards, and the empty state. */
export function Component() {
  const groups = useQuery(groupsQuery);
  // The cards wait for the totals above them, so the totals never push shown cards down.
  const overview = useQuery(overviewQuery);
  // Offline with nothing saved the totals never come: then the cards do not wait for them.
  const overviewPending = overview.isPending && overview.fetchStatus === 'fetching';
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  // The header's buttons, the totals, the search and the cards appear together, in one step: shown one by one, each
  // pushed what was already on screen down (decision 069).
  const hasGroups = Boolean(groups.data?.length) && !overviewPending;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageTitle page={texts.title} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{texts.title}</h1>
        {hasGroups ? <NewGroupButton /> : null}
      </div>
      {hasGroups ? <OverviewPanel /> : null}
      {hasGroups ? (
        <SearchField
          className="max-w-sm"
          label={texts.searchLabel}
          placeholder={texts.searchPlaceholder}
          value={query}
          onChange={setQuery}
        />
      ) : null}
      <GroupsBody groups={groups} query={deferredQuery} waiting={overviewPending} />
    </div>
  );
}

function GroupsBody({
  groups,
  query,
  waiting,
}: {
  groups: UseQueryResult<GroupSummary[]>;
  query: string;
  waiting: boolean;
}) {
  if (isStalled(groups)) return <PageUnavailable onRetry={() => void groups.refetch()} />;
  if (groups.isPending || (waiting && (groups.data?.length ?? 0) > 0)) {
    return (
      // Its own key: the cards' list replaces it rather than reusing it, so the list is new where it shows, not moved.
      <ul
        key="loading"
        aria-busy="true"
        aria-label={sv.shell.loading}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        {[0, 1, 2].map((key) => (
          <li key={key}>
            <Skeleton className="h-64 rounded-xl" />
          </li>
        ))}
      </ul>
    );
  }
  if (groups.isError) {
    return (
      <Alert variant="error" title={texts.loadFailed}>
        <Button variant="outline" size="sm" className="w-fit" onClick={() => void groups.refetch()}>
          {sv.shell.retry}
        </Button>
      </Alert>
    );
  }
  if (groups.data.length === 0) {
    return (
      <EmptyState
        icon={<UsersIcon aria-hidden />}
        title={texts.emptyTitle}
        description={texts.emptyText}
        action={<NewGroupButton />}
      />
    );
  }
  const shown = groups.data.filter((group) => matches(group, query));
  if (shown.length === 0)
    return (
      <p className="text-muted-foreground" role="status">
        {sv.fill(texts.noMatches, { query: query.trim() })}
      </p>
    );
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {shown.map((group) => (
        <GroupCard key={group.id} group={group} />
      ))}
    </ul>
  );
}
