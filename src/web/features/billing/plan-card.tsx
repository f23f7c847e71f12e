import type { ReactNode } from 'react';
import { CheckIcon } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

interface PlanCardProps {
  name: string;
  text: string;
  price: string;
  period: string;
  features: readonly string[];
  highlighted?: boolean;
  action: ReactNode;
}

/** One plan of the Premium dialog: name, price for the chosen period, its feature list and its button. */
export function PlanCard({ name, text, price, period, features, highlighted = false, action }: PlanCardProps) {
  return (
    <section
      aria-label={name}
      className={cn('ui-card flex flex-col gap-4 p-5', highlighted && 'border-primary ring-1 ring-primary')}
    >
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold">{name}</h3>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      <p className="flex items-baseline gap-1">
        <span className="text-3xl font-bold tabular-nums">{price}</span>
        <span className="text-sm text-muted-foreground">{period}</span>
      </p>
      <ul className="grid flex-1 gap-2 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      {action}
    </section>
  );
}
