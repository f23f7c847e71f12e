import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { GroupDetail } from '#shared/api/groups.ts';
import type { MemberBalanceDto, RecordedPayment } from '#shared/api/settlement.ts';
import { PAYMENT_METHODS, PAYMENT_NOTE_MAX } from '#shared/api/settlement-limits.ts';
import { formatMoney, todayIso } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { fill } from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Alert } from '../../components/ui/feedback.tsx';
import { Field, type FieldControlProps } from '../../components/ui/field.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select.tsx';
import { ApiError, errorText } from '../../lib/api.ts';
import { validationText } from '../../lib/form.ts';
import { schemaResolver } from '../../lib/schema-resolver.ts';
import { toast } from '../../lib/toast.ts';
import { personName } from './balance-list.tsx';
import { likelyParties } from './likely-parties.ts';
import { readPaymentAmount } from './money-field.ts';
import type { PaymentFormValues } from './payment-form-schema.ts';
import { useRecordPayment } from './queries.ts';

const texts = sv.settlement.record;
const FIELDS = ['fromMemberId', 'toMemberId', 'amount', 'paidOn', 'method', 'note'] as const;
/** The wire's field names where they differ from the form's. */
const WIRE_FIELD: Record<string, (typeof FIELDS)[number]> = { amountOre: 'amount' };

interface Props {
  group: GroupDetail;
  /** The people a payment can be between: everyone the balances list, with their balance now. */
  balances: MemberBalanceDto[];
  currency: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRecorded: (payment: RecordedPayment) => void;
}

/**
 * "Registrera betalning": a payment already made between any two people of the group, partial or in cash (decision
 * 059). More than is owed is allowed; the dialog says what the balance turns into.
 */
export function RecordPaymentDialog({ group, balances, currency, open, onOpenChange, onRecorded }: Props) {
  const today = todayIso();
  const resolver = useMemo(
    () => schemaResolver(() => import('./payment-form-schema.ts').then((m) => m.paymentFormSchema(currency, today))),
    [currency, today],
  );
  useEffect(() => resolver.preload(), [resolver]);
  const form = useForm<PaymentFormValues>({
    resolver,
    defaultValues: {
      ...likelyParties(balances, group.myMemberId),
      amount: '',
      paidOn: today,
      method: 'swish',
      note: '',
    },
  });
  const record = useRecordPayment(group.id);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const amount = readPaymentAmount(values.amount, currency);
    if (!amount.ok) return;
    try {
      const { payment } = await record.mutateAsync({
        fromMemberId: values.fromMemberId,
        toMemberId: values.toMemberId,
        amountOre: amount.value,
        paidOn: values.paidOn,
        method: values.method,
        note: values.note.trim() || null,
      });
      onRecorded(payment);
      onOpenChange(false);
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
      for (const [wire, key] of fields) {
        const field = WIRE_FIELD[wire] ?? FIELDS.find((name) => name === wire);
        if (field) form.setError(field, { message: key });
      }
      if (fields.length === 0) toast.error(texts.failed, { description: errorText(error) });
    }
  });

  const people = balances.map((b) => ({ value: b.memberId, label: personName(b.name) }));
  const methods = PAYMENT_METHODS.map((method) => ({ value: method, label: sv.settlement.methods[method] }));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="md:max-w-lg">
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2">
          <Field label={texts.from} error={validationText(errors.fromMemberId?.message)}>
            {(control) => <ChoiceSelect form={form} name="fromMemberId" control={control} options={people} />}
          </Field>
          <Field label={texts.to} error={validationText(errors.toMemberId?.message)}>
            {(control) => <ChoiceSelect form={form} name="toMemberId" control={control} options={people} />}
          </Field>
          <Field label={fill(texts.amount, { currency })} error={validationText(errors.amount?.message)}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                placeholder={texts.amountPlaceholder}
                {...form.register('amount')}
              />
            )}
          </Field>
          <Field label={texts.date} error={validationText(errors.paidOn?.message)}>
            {(control) => <Input {...control} type="date" max={today} {...form.register('paidOn')} />}
          </Field>
          <Field label={texts.method} error={validationText(errors.method?.message)} className="sm:col-span-2">
            {(control) => <ChoiceSelect form={form} name="method" control={control} options={methods} />}
          </Field>
          <Field label={texts.note} error={validationText(errors.note?.message)} className="sm:col-span-2">
            {(control) => (
              <Textarea
                {...control}
                rows={2}
                maxLength={PAYMENT_NOTE_MAX}
                placeholder={texts.notePlaceholder}
                {...form.register('note')}
              />
            )}
          </Field>
          <OverpaymentNotice form={form} balances={balances} currency={currency} />
          <DialogFooter className="sm:col-span-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {texts.cancel}
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? texts.saving : texts.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type PaymentForm = ReturnType<typeof useForm<PaymentFormValues>>;

/** One of the dialog's choices (who paid, who got it, how) as the kit's select, with "Välj person" until chosen. */
function ChoiceSelect({
  form,
  name,
  control,
  options,
}: {
  form: PaymentForm;
  name: 'fromMemberId' | 'toMemberId' | 'method';
  control: FieldControlProps;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select value={field.value || undefined} onValueChange={field.onChange}>
          <SelectTrigger
            id={control.id}
            aria-invalid={control['aria-invalid']}
            aria-describedby={control['aria-describedby']}
          >
            <SelectValue placeholder={texts.choose} />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}

/**
 * Says, while the amount is typed, when the payment is more than the payer owes or the recipient is owed: allowed,
 * but the balance turns, and a person should know before saving.
 */
function OverpaymentNotice({
  form,
  balances,
  currency,
}: {
  form: PaymentForm;
  balances: MemberBalanceDto[];
  currency: string;
}) {
  const [from, to, text] = useWatch({ control: form.control, name: ['fromMemberId', 'toMemberId', 'amount'] });
  const amount = readPaymentAmount(text, currency);
  if (!amount.ok || from === to) return null;
  const payer = balances.find((b) => b.memberId === from);
  const recipient = balances.find((b) => b.memberId === to);
  const money = (ore: number) => formatMoney(ore, currency);
  let notice: string | null = null;
  if (payer && payer.balanceOre + amount.value > 0) {
    notice = fill(texts.payerFlips, {
      name: personName(payer.name),
      owed: money(Math.max(0, -payer.balanceOre)),
      after: money(payer.balanceOre + amount.value),
    });
  } else if (recipient && recipient.balanceOre - amount.value < 0) {
    notice = fill(texts.recipientFlips, {
      name: personName(recipient.name),
      owed: money(Math.max(0, recipient.balanceOre)),
      after: money(amount.value - recipient.balanceOre),
    });
  }
  return notice ? (
    <Alert className="sm:col-span-2" data-testid="overpayment-notice">
      {notice}
    </Alert>
  ) : null;
}
