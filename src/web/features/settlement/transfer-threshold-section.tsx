import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GroupDetail } from '#shared/api/groups.ts';
import { formatOreText } from '#shared/domain/money.ts';
import { maySetTransferThreshold } from '#shared/domain/policies.ts';
import { formatMoney } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { fill } from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { errorText } from '../../lib/api.ts';
import { validationText } from '../../lib/form.ts';
import { toast } from '../../lib/toast.ts';
import { readThreshold } from './money-field.ts';
import { balancesQuery, useSetTransferThreshold } from './queries.ts';

const texts = sv.settlement.threshold;

/**
 * "Små överföringar" in group settings: the owner chooses below which amount proposed transfers are left out; every
 * member sees what is chosen (decision 059).
 */
export function TransferThresholdSection({ group }: { group: GroupDetail }) {
  const balances = useQuery(balancesQuery(group.id));
  const current = balances.data?.minTransferOre;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{texts.title}</CardTitle>
        <CardDescription>{texts.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {current === undefined ? (
          <Skeleton className="h-10 w-full max-w-xs" />
        ) : maySetTransferThreshold(group).ok ? (
          // Keyed by the saved value: when it changes (here or in another tab) the field starts from it again.
          <ThresholdForm key={current} group={group} current={current} />
        ) : (
          <p className="text-sm">
            {current > 0 ? fill(texts.current, { threshold: formatMoney(current, group.currency) }) : texts.none}{' '}
            <span className="text-muted-foreground">{texts.ownerOnly}</span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function ThresholdForm({ group, current }: { group: GroupDetail; current: number }) {
  const [text, setText] = useState(() => formatOreText(current));
  const [error, setError] = useState<string | undefined>();
  const save = useSetTransferThreshold(group.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = readThreshold(text, group.currency);
    if (!value.ok) {
      setError(validationText(value.code));
      return;
    }
    setError(undefined);
    // Awaited rather than through mutate's callbacks: the saved value re-keys this form, which unmounts it first.
    save.mutateAsync(value.value).then(
      () => toast.success(texts.saved),
      (failure: unknown) => toast.error(texts.failed, { description: errorText(failure) }),
    );
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <Field
        label={fill(texts.label, { currency: group.currency })}
        hint={texts.hint}
        error={error}
        className="sm:w-64"
      >
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="outline" disabled={save.isPending} className="sm:mt-6">
        {save.isPending ? texts.saving : texts.save}
      </Button>
    </form>
  );
}
