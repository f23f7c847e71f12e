import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ArrowDownLeftIcon, ArrowUpRightIcon, ChevronRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { OverviewResponse } from '#shared/api/overview.ts';
import { formatMoney } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { overviewQuery } from '../../lib/queries/groups.ts';

const texts = sv.groups.overview;
/** The groups named under "Gör först"; the cards below list every group. */
const ACT_FIRST_MAX = 3;

/**
 * The top of /app: what the user owes and is owed in all groups together, one line per currency (amounts in
 * different currencies are never added), and the groups to settle first, each linking to its balance.
 */
export function OverviewPanel() {
  const overview = useQuery(overviewQuery);
  const headingId = useId();
  // Nothing until the totals are known: the group cards wait for them too, so nothing on the page moves when they
  // arrive (groups-page.tsx).
  if (!overview.data && !overview.isError) return null;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <h2 id={headingId} className="text-base font-semibold">
        {texts.title}
      </h2>
      {overview.data ? (
        <OverviewBody overview={overview.data} />
      ) : (
        <p className="text-sm text-muted-foreground">{texts.loadFailed}</p>
      )}
    </section>
  );
}

function OverviewBody({ overview }: { overview: OverviewResponse }) {
  const owing = overview.totals.filter((total) => total.iOweOre > 0);
  const owed = overview.totals.filter((total) => total.owedToMeOre > 0);
  if (owing.length === 0 && owed.length === 0) return <p className="text-sm text-muted-foreground">{texts.even}</p>;
  const first = overview.groups.slice(0, ACT_FIRST_MAX);
  return (
    <>
      <dl className="grid grid-cols-2 gap-3">
        <Tile
          icon={ArrowUpRightIcon}
          term={texts.iOwe}
          values={owing.map((total) => formatMoney(total.iOweOre, total.currency))}
        />
        <Tile
          icon={ArrowDownLeftIcon}
          term={texts.owedToMe}
          values={owed.map((total) => formatMoney(total.owedToMeOre, total.currency))}
        />
      </dl>
      <h3 className="text-sm font-medium">{texts.actFirst}</h3>
      <ul className="grid gap-1">
        {first.map((group) => (
          <li key={group.groupId}>
            <Link
              to={`/app/group/${group.groupId}?tab=balance`}
              className="flex min-h-11 items-center justify-between gap-3 rounded-lg px-2 py-1.5 hover:bg-muted"
            >
              <span className="grid min-w-0">
                <span className="truncate font-medium">{group.name}</span>
                <span className={group.balanceOre < 0 ? 'text-sm text-negative' : 'text-sm text-positive'}>
                  {sv.fill(group.balanceOre < 0 ? texts.groupOwes : texts.groupOwed, {
                    amount: formatMoney(Math.abs(group.balanceOre), group.currency),
                  })}
                </span>
              </span>
              <ChevronRightIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** One of the two totals: what it is, and one amount per currency (0 kr when there is nothing). */
function Tile({ icon: Icon, term, values }: { icon: typeof ArrowUpRightIcon; term: string; values: string[] }) {
  return (
    <div className="grid gap-0.5 rounded-lg bg-muted/60 p-3">
      <dt className="flex items-center gap-1.5 text-sm text-muted-foreground">
        <Icon aria-hidden className="size-4" />
        {term}
      </dt>
      {(values.length ? values : [formatMoney(0)]).map((value) => (
        <dd key={value} className="text-lg font-semibold tabular-nums">
          {value}
        </dd>
      ))}
    </div>
  );
}
