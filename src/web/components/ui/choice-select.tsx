import { useEffect, useState } from 'react';
import { ChevronDownIcon } from 'lucide-react';
import type { FieldControlProps } from './field.tsx';
import type * as SelectExports from './select.tsx';

type SelectModule = typeof SelectExports;

let loaded: SelectModule | null = null;
let loading: Promise<SelectModule> | null = null;

/** Fetches the select's code (Radix Select, ~7 kB) once; a failed fetch is tried again by the next caller. */
export function preloadChoiceSelect(): Promise<SelectModule> {
  loading ??= import('./select.tsx').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

export interface Choice {
  value: string;
  label: string;
}

interface Props {
  control: FieldControlProps;
  value: string | undefined;
  onValueChange: (value: string) => void;
  choices: readonly Choice[];
  /** Shown while nothing is chosen. */
  placeholder?: string;
}

/**
 * A select of a few labelled choices whose code is fetched beside the page rather than on its first load (decision
 * 069). Until it has arrived the field shows as the same trigger with the same value, disabled, so nothing moves when
 * the real one takes its place and a tap is never taken by something that cannot open.
 */
export function ChoiceSelect({ control, value, onValueChange, choices, placeholder }: Props) {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (module) return;
    let current = true;
    preloadChoiceSelect().then(
      (next) => current && setModule(next),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [module]);
  const chosen = choices.find((choice) => choice.value === value);
  if (!module) {
    return (
      <button
        type="button"
        id={control.id}
        aria-describedby={control['aria-describedby']}
        data-placeholder={chosen ? undefined : ''}
        disabled
        className="ui-select-trigger disabled:cursor-default disabled:opacity-100"
      >
        <span>{chosen?.label ?? placeholder}</span>
        <ChevronDownIcon className="size-4 opacity-60" aria-hidden />
      </button>
    );
  }
  const { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } = module;
  return (
    <Select value={value} onValueChange={onValueChange}>
      <SelectTrigger
        id={control.id}
        aria-invalid={control['aria-invalid']}
        aria-describedby={control['aria-describedby']}
      >
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {choices.map((choice) => (
          <SelectItem key={choice.value} value={choice.value}>
            {choice.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
