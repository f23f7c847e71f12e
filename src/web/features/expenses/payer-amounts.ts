import { payersRemainder } from '#shared/domain/payers.ts';
import type { PayerAmount } from '#shared/domain/payers.ts';
import type { Ore } from '#shared/domain/money.ts';
import type { ValidationKey } from '#shared/i18n/sv/validation.ts';
import { checkAmount, checkEntry } from './number-text.ts';
import type { ExpenseFormValues } from './expense-form.ts';

// "Flera betalare" (decision 057): what each person paid, typed as text and read by the one parser (decision 034).

type PayerValues = Pick<ExpenseFormValues, 'amount' | 'currency' | 'payerAmounts'>;

export type TypedPayers = {
  /** Everyone with an amount above 0, in `memberOrder`; blank and 0 mean "did not pay". */
  payers: PayerAmount[];
  /** Why a person's text cannot be read, by member id. */
  problems: Record<string, ValidationKey>;
  /** The expense's amount in öre, or null while it cannot be read. */
  totalOre: Ore | null;
  /** Total minus the typed amounts (negative when too much is typed); null while the total cannot be read. */
  remainderOre: Ore | null;
};

/** The typed payer amounts read in the expense's currency, with what is left to assign of its amount. */
export function typedPayers(values: PayerValues, memberOrder: readonly string[]): TypedPayers {
  const payers: PayerAmount[] = [];
  const problems: Record<string, ValidationKey> = {};
  for (const memberId of memberOrder) {
    const text = values.payerAmounts[memberId] ?? '';
    if (text.trim() === '') continue;
    const checked = checkEntry('absolute', text, values.currency);
    if (!checked.ok) problems[memberId] = checked.code;
    else if (checked.value > 0) payers.push({ memberId, amountOre: checked.value });
  }
  const total = checkAmount(values.amount, values.currency);
  const totalOre = total.ok ? total.value : null;
  return { payers, problems, totalOre, remainderOre: totalOre === null ? null : payersRemainder(totalOre, payers) };
}

/** Why the typed payers cannot be saved, as the key of the message under them; null when they add up. */
export function payersProblem(typed: TypedPayers): ValidationKey | null {
  const [first] = Object.values(typed.problems);
  if (first) return first;
  if (typed.totalOre === null) return null; // the amount field says what is wrong
  return typed.payers.length === 0 || typed.remainderOre !== 0 ? 'payersMismatch' : null;
}
