import { useId } from 'react';
import { CheckIcon, PlusIcon, XIcon } from 'lucide-react';
import { ToggleGroup as ToggleGroupPrimitive } from 'radix-ui';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import type { ItemizedResult } from '#shared/domain/itemized-split.ts';
import { formatOreText } from '#shared/domain/money.ts';
import { formatMoney } from '#shared/format.ts';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { validationText } from '../../lib/form.ts';
import type { ExpenseFormValues } from './expense-form.ts';
import { emptyItemRow } from './item-lines.ts';
import { checkAmount, checkLineAmount } from './number-text.ts';
import { personLabel, type Person } from './people.ts';

const texts = sv.expenses.items;
const plural = new Intl.PluralRules('sv-SE');

interface Props {
  form: UseFormReturn<ExpenseFormValues>;
  /** The participants chosen for the expense, in member order: the names each line offers. */
  people: readonly Person[];
  itemized: ItemizedResult | undefined;
  /** Set after a refused save: lines without anyone say so. */
  showProblem: boolean;
  /** The lines were filled in from the receipt just read. */
  fromReceipt: boolean;
}

/** "Per rad" (decision 058): the receipt's lines, a name to tap per person on each, and how the difference is shared. */
export function ItemFields({ form, people, itemized, showProblem, fromReceipt }: Props) {
  const titleId = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'items' });
  const [currency, amount, items] = useWatch({ control: form.control, name: ['currency', 'amount', 'items'] });
  const unassigned = itemized?.unassigned ?? [];
  const giveRestToAll = () => {
    for (const index of unassigned) {
      form.setValue(
        `items.${index}.memberIds`,
        people.map((person) => person.id),
        { shouldDirty: true },
      );
    }
  };
  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <h3 id={titleId} className="text-sm font-medium">
        {texts.title}
      </h3>
      {fromReceipt && fields.length > 0 ? <p className="ui-field-hint">{texts.fromReceipt}</p> : null}
      {fields.length === 0 ? <p className="text-sm text-muted-foreground">{texts.empty}</p> : null}
      <ol className="grid gap-3">
        {fields.map((field, index) => (
          <ItemRowFields
            key={field.id}
            form={form}
            index={index}
            people={people}
            currency={currency}
            memberIds={items[index]?.memberIds ?? []}
            showProblem={showProblem}
            onRemove={() => remove(index)}
          />
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => append(emptyItemRow())}>
          <PlusIcon aria-hidden className="size-4" />
          {texts.add}
        </Button>
        {unassigned.length > 0 && people.length > 0 ? (
          <Button variant="outline" onClick={giveRestToAll}>
            {texts.restToAll}
          </Button>
        ) : null}
      </div>
      <ItemSummary itemized={itemized} total={checkAmount(amount, currency)} currency={currency} />
    </section>
  );
}

interface RowProps {
  form: UseFormReturn<ExpenseFormValues>;
  index: number;
  people: readonly Person[];
  currency: string;
  memberIds: readonly string[];
  showProblem: boolean;
  onRemove: () => void;
}

/** One line: its text, its amount (the one parser, a minus for a discount), and a toggle button per person. */
function ItemRowFields({ form, index, people, currency, memberIds, showProblem, onRemove }: RowProps) {
  const errorId = useId();
  const n = index + 1;
  const [text, amountText] = useWatch({
    control: form.control,
    name: [`items.${index}.text`, `items.${index}.amount`],
  });
  const checked = amountText.trim() === '' ? null : checkLineAmount(amountText, currency);
  const amountProblem = checked && !checked.ok ? validationText(checked.code) : undefined;
  const offered = new Set(people.map((person) => person.id));
  const takers = memberIds.filter((memberId) => offered.has(memberId));
  const line = text.trim() || fill(texts.number, { n });
  const each = checked?.ok && takers.length > 1 ? eachText(checked.value, takers.length, currency) : null;
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="item-row">
      <div className="flex items-start gap-2">
        <Input
          aria-label={fill(texts.text, { n })}
          placeholder={texts.textPlaceholder}
          autoComplete="off"
          maxLength={200}
          className="min-w-0 flex-1"
          {...form.register(`items.${index}.text`)}
        />
        <Input
          aria-label={fill(texts.amount, { n })}
          inputMode="decimal"
          autoComplete="off"
          className="w-24 shrink-0 text-right"
          aria-invalid={amountProblem ? true : undefined}
          aria-describedby={amountProblem ? errorId : undefined}
          {...form.register(`items.${index}.amount`, {
            onBlur: () => {
              // What was read is shown back in Swedish writing, so a misreading is seen.
              if (checked?.ok)
                form.setValue(`items.${index}.amount`, formatOreText(checked.value), { shouldDirty: true });
            },
          })}
        />
        <Button variant="ghost" size="icon" aria-label={fill(texts.remove, { n })} onClick={onRemove}>
          <XIcon aria-hidden className="size-4" />
        </Button>
      </div>
      {amountProblem ? (
        <p id={errorId} className="ui-field-error">
          {amountProblem}
        </p>
      ) : null}
      <ToggleGroupPrimitive.Root
        type="multiple"
        // A set of names to press, not a toolbar of commands: one tab stop, arrow keys between the names.
        role="group"
        aria-label={fill(texts.takers, { line })}
        value={takers}
        onValueChange={(value) => form.setValue(`items.${index}.memberIds`, value, { shouldDirty: true })}
        className="flex flex-wrap gap-2"
      >
        {people.map((person) => (
          <ToggleGroupPrimitive.Item
            key={person.id}
            value={person.id}
            className="inline-flex min-h-11 items-center gap-1 rounded-full border px-2.5 text-sm transition-colors hover:bg-accent aria-pressed:border-primary aria-pressed:bg-primary aria-pressed:text-primary-foreground md:min-h-9"
          >
            {takers.includes(person.id) ? <CheckIcon aria-hidden className="size-3.5" /> : null}
            {personLabel(person)}
          </ToggleGroupPrimitive.Item>
        ))}
      </ToggleGroupPrimitive.Root>
      {each ? <p className="text-sm text-muted-foreground">{each}</p> : null}
      {takers.length === 0 && showProblem ? <p className="ui-field-error">{texts.nobody}</p> : null}
    </li>
  );
}

/**
 * What each person on a shared line pays of it: "5 kr var", or "3,33 kr – 3,34 kr var" when the öre do not divide
 * evenly (who gets the extra öre is the split's rotating tie-break, shown in the preview below).
 */
function eachText(amountOre: number, people: number, currency: string): string {
  const low = Math.trunc(amountOre / people);
  const high = amountOre % people === 0 ? low : low + Math.sign(amountOre);
  const [from, to] = [Math.min(low, high), Math.max(low, high)];
  const amount =
    from === to ? formatMoney(from, currency) : `${formatMoney(from, currency)} – ${formatMoney(to, currency)}`;
  return fill(texts.each, { amount });
}

/** What the lines add up to against the total, and how the difference is shared, or what still blocks saving. */
function ItemSummary({
  itemized,
  total,
  currency,
}: {
  itemized: ItemizedResult | undefined;
  total: ReturnType<typeof checkAmount>;
  currency: string;
}) {
  if (!itemized || !total.ok) return null;
  const difference = itemized.differenceOre;
  const count = itemized.unassigned.length;
  return (
    <div className="grid gap-1 rounded-lg bg-muted/40 px-3 py-2 text-sm" data-testid="items-summary">
      <p>
        {difference === 0
          ? fill(texts.exact, { total: formatMoney(total.value, currency) })
          : fill(texts.sum, {
              lines: formatMoney(itemized.linesOre, currency),
              total: formatMoney(total.value, currency),
            })}
      </p>
      {difference !== 0 ? (
        <p>
          {fill(difference > 0 ? texts.differenceUp : texts.differenceDown, {
            difference: formatMoney(Math.abs(difference), currency),
          })}
        </p>
      ) : null}
      {count > 0 ? (
        <p className="font-medium text-destructive" role="status">
          {fill(plural.select(count) === 'one' ? texts.unassigned.one : texts.unassigned.other, { count })}
        </p>
      ) : null}
    </div>
  );
}
