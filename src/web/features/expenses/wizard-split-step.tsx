import type { UseFormReturn } from 'react-hook-form';
import type { ExpenseFormValues } from './expense-form.ts';
import type { Person } from './people.ts';
import type { RepeatChoice } from './recurring-choice.ts';
import { RepeatFields } from './recurring-repeat-fields.tsx';
import { SplitFields } from './split-fields.tsx';
import { useSplitPreview } from './split-preview.ts';

interface Props {
  form: UseFormReturn<ExpenseFormValues>;
  people: readonly Person[];
  /** The expense's id: the preview's leftover-öre tie-break is the one the server saves with. */
  seed: string;
  showProblem: boolean;
  itemsFromReceipt: boolean;
  repeat: RepeatChoice;
  onRepeatChange: (value: RepeatChoice) => void;
}

/**
 * The wizard's step 3: the split with its live preview, and "Upprepa". Its own lazy module with the split arithmetic,
 * so step 1 neither loads it nor recomputes the preview on every keystroke (decision 069).
 */
export function WizardSplitStep({ form, people, seed, showProblem, itemsFromReceipt, repeat, onRepeatChange }: Props) {
  const preview = useSplitPreview(form, people, seed);
  return (
    <>
      <SplitFields
        form={form}
        people={people}
        preview={preview}
        showProblem={showProblem}
        itemsFromReceipt={itemsFromReceipt}
      />
      <RepeatFields value={repeat} onChange={onRepeatChange} startDate={form.getValues('expenseDate')} />
    </>
  );
}
