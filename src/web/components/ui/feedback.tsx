import type { ComponentProps, ReactNode } from 'react';
import { CircleAlertIcon, InfoIcon } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

// Kept importable from here too; it has its own module because the first load needs it without the rest.
export { Spinner } from './spinner.tsx';

/** A placeholder with the shape of content that is still loading. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('ui-skeleton', className)} {...props} />;
}

interface AlertProps extends Omit<ComponentProps<'div'>, 'title'> {
  variant?: 'info' | 'error';
  title?: ReactNode;
}

/** An inline message; errors use role="alert" so they are read out as soon as they appear. */
export function Alert({ variant = 'info', title, className, children, ...props }: AlertProps) {
  const Icon = variant === 'error' ? CircleAlertIcon : InfoIcon;
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cn('ui-alert', variant === 'error' ? 'ui-alert-error' : 'ui-alert-info', className)}
      {...props}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid gap-1">
        {title ? <p className="font-medium">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}

interface EmptyStateProps {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing yet ("Skapa din första grupp", "Inga kvitton ännu…"). */
export function EmptyState({ icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div className={cn('ui-empty', className)}>
      {icon ? <div className="rounded-full bg-muted p-3 text-muted-foreground [&_svg]:size-6">{icon}</div> : null}
      <h2 className="text-lg font-semibold">{title}</h2>
      {description ? <p className="max-w-sm text-sm text-muted-foreground">{description}</p> : null}
      {action}
    </div>
  );
}
