import { useSyncExternalStore } from 'react';
import type { CreateExpenseBody } from '#shared/api/expenses.ts';
import type { ErrorCode } from '#shared/errors.ts';

/**
 * An expense saved on the device without a connection (decision 053). `body.id` is the id the wizard chose, so
 * sending it again after a lost answer never makes a second expense. The photo stays here until it is uploaded;
 * its upload id is then kept in `body.imageId` so a later attempt does not upload it twice.
 */
export interface QueuedExpense {
  groupId: string;
  body: CreateExpenseBody;
  image: File | null;
  queuedAt: number;
  /** The server's refusal, kept for the person to decide on ("Försök igen" or "Ta bort"); null while waiting. */
  problem: ErrorCode | null;
}

export type Outbox = { userId: string; entries: QueuedExpense[] };

// The loaded queue in memory, kept apart from outbox.ts so the group page shows it without loading IndexedDB code.
let outbox: Outbox | null = null;
const listeners = new Set<() => void>();
const EMPTY: QueuedExpense[] = [];

export const currentOutbox = (): Outbox | null => outbox;

export function publishOutbox(next: Outbox | null): void {
  outbox = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The queued expenses of one group, oldest first, with whose queue they are. */
export function useQueuedExpenses(groupId: string): { userId: string | null; entries: QueuedExpense[] } {
  const current = useSyncExternalStore(subscribe, () => outbox);
  const entries = current?.entries ?? EMPTY;
  return { userId: current?.userId ?? null, entries: entries.filter((entry) => entry.groupId === groupId) };
}
