import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from 'react';
import { cn } from '../../lib/cn.ts';

export type ButtonVariant = 'default' | 'destructive' | 'outline' | 'secondary' | 'ghost' | 'link';
export type ButtonSize = 'md' | 'sm' | 'lg' | 'icon' | 'icon-sm';

/** The button look as class names, for elements that are not a <Button> (a Radix Action, a label). */
export function buttonClasses({
  variant = 'default',
  size = 'md',
}: { variant?: ButtonVariant; size?: ButtonSize } = {}): string {
  return `ui-btn ui-btn-${variant} ui-btn-${size}`;
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Gives the only child (e.g. a router <Link>) the button's look instead of rendering a <button>. */
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, type, children, ...props }: ButtonProps) {
  const classes = cn(buttonClasses({ variant, size }), className);
  if (asChild && isValidElement<{ className?: string }>(children)) {
    const child = children as ReactElement<{ className?: string }>;
    return cloneElement(child, { ...props, className: cn(classes, child.props.className) });
  }
  // A button inside a form submits unless told otherwise; default to the harmless kind.
  return (
    <button type={type ?? 'button'} className={classes} {...props}>
      {children}
    </button>
  );
}
