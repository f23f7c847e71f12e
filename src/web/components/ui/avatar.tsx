import type { ComponentProps } from 'react';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn.ts';

/** A round picture that falls back to initials while loading or when there is none. */
export function Avatar({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Root>) {
  return <AvatarPrimitive.Root className={cn('ui-avatar', className)} {...props} />;
}

export function AvatarImage({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Image>) {
  return <AvatarPrimitive.Image className={cn('ui-avatar-image', className)} {...props} />;
}

export function AvatarFallback({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return <AvatarPrimitive.Fallback className={cn('ui-avatar-fallback', className)} {...props} />;
}

/** "Ada Lovelace" → "AL"; one word gives one letter; nothing gives "?". */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? '');
  if (letters.length === 0) return '?';
  return letters.length === 1 ? (letters[0] ?? '?') : `${letters[0] ?? ''}${letters.at(-1) ?? ''}`;
}
