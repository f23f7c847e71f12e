import { useId, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PlusIcon, ReceiptIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { GroupDetail } from '#shared/api/groups.ts';
import * as sv from '#shared/i18n/sv.ts';
import { SearchField } from '../../components/search-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Alert, EmptyState } from '../../components/ui/feedback.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { isStalled, PageUnavailable } from '../../components/page-unavailable.tsx';
import { errorText } from '../../lib/api.ts';
import { useRowsInSteps } from '../../lib/use-rows-in-steps.ts';
import { useSettledValue } from '../../lib/use-settled-value.ts';
import { categoryLabel } from './labels.ts';
import { LoadMoreButton } from '../../components/load-more.tsx';
import { expensePagesQuery } from './queries.ts';
import { ExpenseItem } from './expense-item.tsx';
import { useQueuedExpenses } from './outbox-state.ts';
import { QueuedExpenses } from './queued-expenses.tsx';
import { ExpenseListSkeleton } from './tab-skeletons.tsx';
import { RecurringList } from './recurring-list.tsx';
import { recurringQuery, seriesByExpense } from './recurring-queries.ts';

const texts = sv.expenses.list;
/** The filter's "every category" value (a select item may not have an empty value). */
const ALL = 'alla';
/** How long typing must pause before the list asks the server for the search. */
const SEARCH_PAUSE_MS = 250;
/** Rows drawn as the list first appears, more than a phone's screen holds; the rest follow at once (decision 077). */
const FIRST_ROWS = 12;

/**
 * The filter's choices by their Swedish label: every category in use (from the server, not only the loaded pages),
 * plus the chosen one should its last expense just have gone, so the select never shows a blank value.
 */
export function filterChoices(inUse: readonly string[], chosen: string): string[] {
  const all = chosen === ALL || inUse.includes(chosen) ? inUse : [...inUse, chosen];
  return [...all].sort((a, b) => categoryLabel(a).localeCompare(categoryLabel(b), 'sv'));
}

/**
 * The Kvitton tab: a large add button, a search (merchant, note or amount), a category filter and the expenses,
 * newest first, page by page.
 */
export function ExpensesTab({ group }: { group: GroupDetail }) {
  const [category, setCategory] = useState(ALL);
  const [search, setSearch] = useState('');
  const q = useSettledValue(search.trim(), SEARCH_PAUSE_MS);
  const filtered = category !== ALL || q !== '';
  const expenses = useInfiniteQuery({
    ...expensePagesQuery(group.id, { ...(category === ALL ? {} : { category }), ...(q ? { q } : {}) }),
    // Another category or search keeps the list and the filter in place until its first page is there.
    placeholderData: keepPreviousData,
  });
  const filterId = useId();
  const headingId = useId();
  const inUse = expenses.data?.pages[0]?.categories ?? [];
  const shown = expenses.data?.pages.flatMap((page) => page.expenses) ?? [];
  const rows = useRowsInSteps(shown.length, FIRST_ROWS);
  const queued = useQueuedExpenses(group.id).entries.length;
  const recurring = useQuery(recurringQuery(group.id));
  const seriesOf = seriesByExpense(recurring.data);

  return (
    <section className="grid gap-4" aria-labelledby={headingId}>
      {/* The tab's own heading, so each expense's h3 sits under an h2 rather than straight under the page's h1. */}
      <h2 id={headingId} className="sr-only">
        {texts.tab}
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Button size="lg" asChild className="w-full sm:w-auto">
          <Link to={`/app/group/${group.id}/expense/new`}>
            <PlusIcon aria-hidden />
            {texts.addLarge}
          </Link>
        </Button>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          {inUse.length > 0 || q !== '' ? (
            <SearchField
              className="sm:w-64"
              label={texts.searchLabel}
              placeholder={texts.searchPlaceholder}
              value={search}
              onChange={setSearch}
            />
          ) : null}
          {inUse.length > 0 ? (
            <div className="grid gap-1.5">
              <label htmlFor={filterId} className="text-sm font-medium">
                {texts.filterLabel}
              </label>
              <Select value={category} onValueChange={setCategory}>
                <SelectTrigger id={filterId} className="w-full sm:w-56">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL}>{texts.filterAll}</SelectItem>
                  {filterChoices(inUse, category).map((value) => (
                    <SelectItem key={value} value={value}>
                      {categoryLabel(value)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          ) : null}
        </div>
      </div>
      <QueuedExpenses groupId={group.id} />
      {recurring.data && !filtered ? <RecurringList series={recurring.data} group={group} /> : null}
      {!expenses.data ? (
        expenses.isError ? (
          <Alert variant="error" title={texts.loadFailed}>
            {errorText(expenses.error)}
          </Alert>
        ) : isStalled(expenses) ? (
          <PageUnavailable onRetry={() => void expenses.refetch()} />
        ) : (
          <ExpenseListSkeleton />
        )
      ) : shown.length === 0 ? (
        q !== '' ? (
          <p className="text-muted-foreground" role="status">
            {sv.fill(texts.noMatches, { query: q })}
          </p>
        ) : queued > 0 && !filtered ? null : (
          <EmptyState icon={<ReceiptIcon />} title={category === ALL ? texts.empty : texts.emptyCategory} />
        )
      ) : (
        <>
          <ul
            className="grid gap-2"
            aria-label={texts.listLabel}
            aria-busy={expenses.isPlaceholderData || rows.partial || undefined}
          >
            {shown.slice(0, rows.shown).map((expense) => (
              <ExpenseItem key={expense.id} expense={expense} group={group} series={seriesOf.get(expense.id)} />
            ))}
          </ul>
          {rows.partial ? null : (
            <LoadMoreButton query={expenses} label={texts.showMore} busyLabel={texts.loadingMore} />
          )}
        </>
      )}
    </section>
  );
}
