import { useState, type FormEvent } from 'react';
import type { GroupDetail } from '#shared/api/groups.ts';
import type { RecurringSeries } from '#shared/api/recurring.ts';
import { formatOreText } from '#shared/domain/money.ts';
import { formatDate } from '#shared/format.ts';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { checkAmount } from './number-text.ts';
import { useChangeRecurring } from './recurring-queries.ts';

const texts = sv.recurring;

interface Props {
  series: RecurringSeries;
  group: GroupDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * "Ändra kommande": the amount and the end date of the occurrences from the next one on; everything else the series
 * creates (payer, split, currency, category) is sent as it is (decision 061).
 */
export function RecurringChangeDialog({ series, group, open, onOpenChange }: Props) {
  const change = useChangeRecurring(group.id, series.id);
  const [amount, setAmount] = useState(formatOreText(series.totalOre));
  const [endDate, setEndDate] = useState(series.endDate ?? '');
  const [shown, setShown] = useState<{ amount?: string; endDate?: string }>({});
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const total = checkAmount(amount, series.currency);
    const badEnd = endDate !== '' && endDate < series.startDate;
    setShown({
      ...(total.ok ? {} : { amount: sv.validation[total.code] }),
      ...(badEnd ? { endDate: sv.validation.endBeforeStart } : {}),
    });
    if (!total.ok || badEnd) return;
    try {
      await change.mutateAsync({ ...series.template, totalOre: total.value, endDate: endDate === '' ? null : endDate });
    } catch (error) {
      toast.error(errorText(error));
      return;
    }
    toast.success(texts.changed);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{texts.changeTitle}</DialogTitle>
          <DialogDescription>
            {fill(texts.changeDescription, { date: series.nextDate ? formatDate(series.nextDate) : '' })}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <Field label={texts.amount} hint={series.currency} error={shown.amount}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            )}
          </Field>
          <Field label={texts.endDate} hint={texts.endDateHint} error={shown.endDate}>
            {(control) => (
              <Input
                {...control}
                type="date"
                min={series.startDate}
                value={endDate}
                onChange={(e) => setEndDate(e.target.value)}
              />
            )}
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {texts.cancel}
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {texts.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
