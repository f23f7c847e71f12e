import { useWatch, type UseFormReturn } from 'react-hook-form';
import { computeShares, type SplitPreview } from '#shared/domain/split.ts';
import { splitInputOf } from './expense-body.ts';
import type { ExpenseFormValues } from './expense-form.ts';
import type { Person } from './people.ts';

/** The live preview of the form's split, computed by the same function the server saves with. */
export function useSplitPreview(
  form: UseFormReturn<ExpenseFormValues>,
  people: readonly Person[],
  seed: string,
): SplitPreview {
  const [amount, currency, method, participantIds, splitValues, items] = useWatch({
    control: form.control,
    name: ['amount', 'currency', 'method', 'participantIds', 'splitValues', 'items'],
  });
  return computeShares(
    splitInputOf(
      { amount, currency, method, participantIds, splitValues, items },
      people.map((p) => p.id),
      seed,
    ),
  );
}
