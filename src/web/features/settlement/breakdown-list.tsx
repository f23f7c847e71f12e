import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronRightIcon } from 'lucide-react';
import type { BreakdownPage, BreakdownExpense } from '#shared/api/settlement.ts';
import { formatDate, formatList, formatMoney } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { fill } from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Alert } from '../../components/ui/feedback.tsx';
import { errorText } from '../../lib/api.ts';
import { personName } from './balance-list.tsx';
import { olderBreakdownQuery } from './queries.ts';

const texts = sv.settlement;

/** The per-expense breakdown: the first page came with the calculation, older pages load on request. */
export function BreakdownList({
  groupId,
  first,
  currency,
}: {
  groupId: string;
  first: BreakdownPage;
  currency: string;
}) {
  const [more, setMore] = useState(false);
  if (first.expenses.length === 0) return <p className="text-sm text-muted-foreground">{texts.breakdownEmpty}</p>;
  return (
    <div className="grid gap-3">
      <ExpenseItems expenses={first.expenses} currency={currency} />
      {first.nextCursor && !more ? (
        <Button variant="outline" className="w-fit" onClick={() => setMore(true)}>
          {texts.showMoreExpenses}
        </Button>
      ) : null}
      {first.nextCursor && more ? (
        <OlderExpenses groupId={groupId} cursor={first.nextCursor} currency={currency} />
      ) : null}
    </div>
  );
}

function OlderExpenses({ groupId, cursor, currency }: { groupId: string; cursor: string; currency: string }) {
  const pages = useInfiniteQuery(olderBreakdownQuery(groupId, cursor));
  const expenses = pages.data?.pages.flatMap((page) => page.expenses) ?? [];
  return (
    <div className="grid gap-3">
      {expenses.length > 0 ? <ExpenseItems expenses={expenses} currency={currency} /> : null}
      {pages.isError ? <Alert variant="error">{errorText(pages.error)}</Alert> : null}
      {pages.isFetching ? (
        <p role="status" className="text-sm text-muted-foreground">
          {texts.loadingMore}
        </p>
      ) : null}
      {pages.hasNextPage && !pages.isFetching ? (
        <Button variant="outline" className="w-fit" onClick={() => void pages.fetchNextPage()}>
          {texts.showMoreExpenses}
        </Button>
      ) : null}
    </div>
  );
}

/** "Anna", or with several payers "Anna och Bo" (decision 057). */
const payerNames = (expense: BreakdownExpense) =>
  expense.payers.length > 1
    ? formatList(expense.payers.map((payer) => personName(payer.name)))
    : personName(expense.payerName);

type Amounts = BreakdownExpense['shares'];

/** People with an amount each, in the group currency; under a heading when an expense shows two such lists. */
function AmountList(props: { heading?: string; people: Amounts; currency: string; testId?: string }) {
  const { heading, people, currency, testId } = props;
  return (
    <div className="border-t px-3 py-2 text-sm" data-testid={testId}>
      {heading ? <p className="pb-1 text-xs font-medium text-muted-foreground uppercase">{heading}</p> : null}
      <ul className="grid gap-1">
        {people.map((person) => (
          <li key={person.memberId} className="flex justify-between gap-3">
            <span className="truncate">{personName(person.name)}</span>
            <span className="tabular-nums">{formatMoney(person.amountOre, currency)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ExpenseItems({ expenses, currency }: { expenses: BreakdownExpense[]; currency: string }) {
  return (
    <ul className="grid gap-2" data-testid="breakdown">
      {expenses.map((r) => (
        <li key={r.expenseId} className="rounded-lg border bg-card">
          <details className="group">
            <summary className="flex cursor-pointer list-none items-start gap-2 p-3 focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
              <ChevronRightIcon
                aria-hidden
                className="mt-1 size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90"
              />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="flex items-baseline justify-between gap-3">
                  <span className="min-w-0 font-medium break-words">{r.merchant ?? texts.merchantFallback}</span>
                  <span className="font-semibold whitespace-nowrap tabular-nums">
                    {formatMoney(r.totalOre, r.currency)}
                  </span>
                </span>
                <span className="text-sm text-muted-foreground">
                  {formatDate(r.date)} · {fill(texts.paidBy, { name: payerNames(r) })}
                  {r.currency !== currency
                    ? ` · ${fill(texts.inGroupCurrency, { amount: formatMoney(r.groupTotalOre, currency) })}`
                    : null}
                </span>
              </span>
            </summary>
            {r.payers.length > 1 ? (
              <>
                <AmountList
                  heading={texts.payersHeading}
                  people={r.payers}
                  currency={currency}
                  testId="breakdown-payers"
                />
                <AmountList heading={texts.sharesHeading} people={r.shares} currency={currency} />
              </>
            ) : (
              <AmountList people={r.shares} currency={currency} />
            )}
          </details>
        </li>
      ))}
    </ul>
  );
}
