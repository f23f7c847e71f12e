import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. There is no conflict resolution (tailwind-merge did not fit the first-load budget): the kit's
 * own styles are component classes in a lower cascade layer (components/ui/*.css), so any utility passed in
 * `className` overrides them.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
