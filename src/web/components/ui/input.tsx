import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const inputClasses =
  'flex w-full min-w-0 rounded-md border border-input bg-background px-3 text-base text-foreground md:text-sm ' +
  'placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 ' +
  'aria-[invalid=true]:border-destructive file:border-0 file:bg-transparent file:text-sm file:font-medium';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  // text-base below md: iOS zooms into inputs whose font is smaller than 16 px.
  return <input type={type} className={cn(inputClasses, 'h-10 py-2', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(inputClasses, 'min-h-20 py-2', className)} {...props} />;
}
