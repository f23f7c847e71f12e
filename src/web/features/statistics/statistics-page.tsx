import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChartColumnIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { CurrencyStatisticsDto } from '#shared/api/statistics.ts';
import type { Currency } from '#shared/domain/currency.ts';
import { formatMoney } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Alert, EmptyState, Skeleton } from '../../components/ui/feedback.tsx';
import { ToggleGroup, ToggleGroupItem } from '../../components/ui/toggle-group.tsx';
import { FiguresTable, type FigureRow } from './figures-table.tsx';
import { categoryLabel, monthLabel } from './labels.ts';
import { statisticsQuery } from './statistics-api.ts';

// recharts is only ever loaded here, after the figures themselves are on screen.
const SpendingChart = lazy(() => import('./spending-chart.tsx').then((m) => ({ default: m.SpendingChart })));

const texts = sv.statistics;

/** /app/statistics: the user's spending and payments per month, category and group (decision 027). */
export function Component() {
  const query = useQuery(statisticsQuery);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageTitle page={texts.title} />
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{texts.title}</h1>
        <p className="text-muted-foreground">{texts.description}</p>
      </header>
      {query.data ? (
        query.data.currencies.length ? (
          <Statistics blocks={query.data.currencies} />
        ) : (
          <Empty />
        )
      ) : query.isError ? (
        <Alert variant="error" title={texts.loadFailed}>
          <Button variant="outline" size="sm" className="w-fit" onClick={() => void query.refetch()}>
            {sv.shell.retry}
          </Button>
        </Alert>
      ) : (
        <Loading />
      )}
    </div>
  );
}

function Statistics({ blocks }: { blocks: CurrencyStatisticsDto[] }) {
  const [chosen, setChosen] = useState<Currency | null>(null);
  // The page renders this only with at least one currency's block.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- not unnecessary under noUncheckedIndexedAccess
  const block = blocks.find((b) => b.currency === chosen) ?? (blocks[0] as CurrencyStatisticsDto);
  const { currency } = block;
  const months: FigureRow[] = block.months.map((m) => ({
    key: m.month,
    label: monthLabel(m.month),
    spentOre: m.spentOre,
    paidOre: m.paidOre,
  }));
  const monthRows = months.map((row) => ({ ...row, label: monthLabel(row.key, true) }));
  const categories = block.categories.map((c) => ({
    key: c.category,
    label: categoryLabel(c.category),
    spentOre: c.spentOre,
    paidOre: c.paidOre,
  }));
  const groups = block.groups.map((g) => ({ key: g.groupId, label: g.name, spentOre: g.spentOre, paidOre: g.paidOre }));
  return (
    <>
      {blocks.length > 1 ? (
        <div className="grid gap-2">
          <ToggleGroup
            type="single"
            value={currency}
            onValueChange={(value) => value && setChosen(value as Currency)}
            aria-label={texts.currency}
            className="w-fit"
          >
            {blocks.map((b) => (
              <ToggleGroupItem key={b.currency} value={b.currency}>
                {b.currency}
              </ToggleGroupItem>
            ))}
          </ToggleGroup>
          <p className="text-sm text-muted-foreground">{texts.currencyHint}</p>
        </div>
      ) : null}
      <dl className="grid gap-4 sm:grid-cols-3">
        <Figure term={texts.spent}>{formatMoney(block.spentOre, currency)}</Figure>
        <Figure term={texts.paid}>{formatMoney(block.paidOre, currency)}</Figure>
        <Figure term={texts.expenseCount}>{block.expenseCount}</Figure>
      </dl>
      <Section
        title={texts.perMonth}
        heading={texts.month}
        rows={months}
        tableRows={monthRows}
        currency={currency}
        layout="columns"
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Section
          title={texts.perCategory}
          heading={texts.category}
          rows={categories}
          currency={currency}
          layout="rows"
        />
        <Section title={texts.perGroup} heading={texts.group} rows={groups} currency={currency} layout="rows" />
      </div>
    </>
  );
}

function Figure({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="ui-card grid gap-1 p-5">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="text-2xl font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

interface SectionProps {
  title: string;
  heading: string;
  rows: FigureRow[];
  tableRows?: FigureRow[];
  currency: Currency;
  layout: 'columns' | 'rows';
}

function Section({ title, heading, rows, tableRows = rows, currency, layout }: SectionProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <Suspense fallback={<Skeleton className="h-64" />}>
          <SpendingChart rows={rows} currency={currency} layout={layout} />
        </Suspense>
        <FiguresTable
          caption={sv.fill(texts.tableCaption, { section: title, currency })}
          heading={heading}
          rows={tableRows}
          currency={currency}
        />
      </CardContent>
    </Card>
  );
}

function Empty() {
  return (
    <EmptyState
      icon={<ChartColumnIcon aria-hidden />}
      title={texts.emptyTitle}
      description={texts.emptyText}
      action={
        <Button asChild>
          <Link to="/app">{texts.emptyAction}</Link>
        </Button>
      }
    />
  );
}

function Loading() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <span className="sr-only">{sv.shell.loading}</span>
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-80" />
    </div>
  );
}
