import { useId, useState } from 'react';
import { RepeatIcon } from 'lucide-react';
import type { GroupDetail } from '#shared/api/groups.ts';
import type { RecurringSeries } from '#shared/api/recurring.ts';
import { isErrorCode } from '#shared/errors.ts';
import { formatDate, formatMoney } from '#shared/format.ts';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';
import { ConfirmRemovalDialog } from '../../components/confirm-removal-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { categoryLabel, merchantLabel } from './labels.ts';
import { RecurringChangeDialog } from './recurring-change-dialog.tsx';
import { useEndRecurring } from './recurring-queries.ts';

const texts = sv.recurring;

const reasonText = (code: string) => (isErrorCode(code) ? sv.errors[code] : sv.errors.INTERNAL);

/** "Varje månad · nästa 1 dec. 2026 · till och med 31 maj 2027". */
export function scheduleText(series: Pick<RecurringSeries, 'frequency' | 'nextDate' | 'endDate'>): string {
  return [
    texts.frequencies[series.frequency],
    series.nextDate ? fill(texts.next, { date: formatDate(series.nextDate) }) : null,
    series.endDate ? fill(texts.until, { date: formatDate(series.endDate) }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function SeriesItem({ series, group }: { series: RecurringSeries; group: GroupDetail }) {
  const [ending, setEnding] = useState(false);
  const [changing, setChanging] = useState(false);
  const end = useEndRecurring(group.id, series.id);
  const merchant = merchantLabel(series);
  const confirmEnd = async () => {
    try {
      await end.mutateAsync();
      toast.success(texts.ended);
      setEnding(false);
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3 sm:p-4" data-testid="recurring-item">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h4 className="min-w-0 font-medium break-words">{merchant}</h4>
            <Badge variant="secondary">{categoryLabel(series.category)}</Badge>
          </div>
          <p className="text-sm text-muted-foreground">{scheduleText(series)}</p>
          <p className="text-sm text-muted-foreground">
            {fill(texts.paidBy, { name: series.payerName ?? sv.expenses.formerMember })}
          </p>
        </div>
        <span className="font-semibold tabular-nums">{formatMoney(series.totalOre, series.currency)}</span>
      </div>
      {series.status === 'stopped' && series.lastSkipped ? (
        <p className="text-sm text-negative">
          {fill(texts.stopped, { reason: reasonText(series.lastSkipped.reason) })}
        </p>
      ) : series.lastSkipped ? (
        <p className="text-sm text-muted-foreground">
          {fill(texts.skipped, {
            date: formatDate(series.lastSkipped.date),
            reason: reasonText(series.lastSkipped.reason),
          })}
        </p>
      ) : null}
      {series.canChange || series.canEnd ? (
        <div className="flex flex-wrap gap-2">
          {series.canChange ? (
            <Button variant="outline" size="sm" onClick={() => setChanging(true)}>
              {texts.change}
            </Button>
          ) : null}
          {series.canEnd ? (
            <Button variant="outline" size="sm" onClick={() => setEnding(true)}>
              {texts.end}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmRemovalDialog
        open={ending}
        onOpenChange={setEnding}
        title={texts.endTitle}
        description={fill(texts.endConfirm, { merchant })}
        cancelLabel={texts.cancel}
        actionLabel={texts.end}
        pending={end.isPending}
        onConfirm={() => void confirmEnd()}
      />
      {changing ? (
        <RecurringChangeDialog series={series} group={group} open={changing} onOpenChange={setChanging} />
      ) : null}
    </li>
  );
}

/** "Återkommande kostnader" in the Kvitton tab: the group's series that still run, or stopped with a reason. */
export function RecurringList({ series, group }: { series: readonly RecurringSeries[]; group: GroupDetail }) {
  const headingId = useId();
  const shown = series.filter((s) => s.status === 'active' || s.status === 'stopped');
  if (shown.length === 0) return null;
  return (
    <section className="grid gap-2" aria-labelledby={headingId}>
      <div>
        <h3 id={headingId} className="flex items-center gap-2 font-semibold">
          <RepeatIcon aria-hidden className="size-4" />
          {texts.listTitle}
        </h3>
        <p className="text-sm text-muted-foreground">{texts.listLead}</p>
      </div>
      <ul className="grid gap-2">
        {shown.map((s) => (
          <SeriesItem key={s.id} series={s} group={group} />
        ))}
      </ul>
    </section>
  );
}
