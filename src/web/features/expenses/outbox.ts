import type { CreateExpenseBody } from '#shared/api/expenses.ts';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, client, NETWORK_FAILURE, read } from '../../lib/api.ts';
import { groupKeys } from '../../lib/queries/groups.ts';
import { onSessionEnd } from '../../lib/session.ts';
import { loadOutbox, saveOutbox } from '../../pwa/offline-store.ts';
import { currentOutbox, publishOutbox, type Outbox, type QueuedExpense } from './outbox-state.ts';
import { uploadReceiptImage } from './queries.ts';

let queryClient: QueryClient | null = null;
async function load(userId: string, again = false): Promise<Outbox> {
  const loaded = currentOutbox();
  if (!again && loaded?.userId === userId) return loaded;
  const fresh = { userId, entries: await loadOutbox<QueuedExpense>(userId) };
  publishOutbox(fresh);
  return fresh;
}

async function change(userId: string, update: (entries: QueuedExpense[]) => QueuedExpense[]): Promise<void> {
  const current = await load(userId);
  const entries = update(current.entries);
  await saveOutbox(userId, entries);
  if (currentOutbox()?.userId === userId) publishOutbox({ userId, entries });
}

const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status !== NETWORK_FAILURE && error.status < 500 && error.status !== 401;

/** Whether a failed request never reached an answer: the entry is then worth keeping to send later. */
export const isConnectionFailure = (error: unknown): boolean =>
  error instanceof ApiError && error.status === NETWORK_FAILURE;

async function send(entry: QueuedExpense): Promise<CreateExpenseBody> {
  let body = entry.body;
  if (entry.image && body.imageId === null) {
    body = { ...body, imageId: await uploadReceiptImage(entry.groupId, entry.image) };
  }
  await read(client.api.groups[':groupId'].expenses.$post({ param: { groupId: entry.groupId }, json: body }));
  return body;
}

/** Sends what waits, oldest first, one tab at a time; stops at the first lost connection. A refusal is kept. */
async function flushNow(userId: string): Promise<void> {
  // Read again inside the lock: another tab may have sent some meanwhile.
  const { entries } = await load(userId, true);
  for (const entry of entries) {
    if (entry.problem !== null || !navigator.onLine) continue;
    const id = entry.body.id;
    let body = entry.body;
    try {
      body = await send(entry);
      await change(userId, (all) => all.filter((e) => e.body.id !== id));
      await queryClient?.invalidateQueries({ queryKey: groupKeys.group(entry.groupId) });
      await queryClient?.invalidateQueries({ queryKey: groupKeys.list });
    } catch (error) {
      const problem = isRefusal(error) ? error.code : null;
      await change(userId, (all) => all.map((e) => (e.body.id === id ? { ...e, body, problem } : e)));
      if (problem === null) return;
    }
  }
}

let flushing: Promise<void> | null = null;

/** Starts sending the signed-in user's queued expenses unless that is already under way. */
export function flushOutbox(userId: string): Promise<void> {
  flushing ??= (
    typeof navigator.locks === 'undefined'
      ? flushNow(userId)
      : navigator.locks.request(`kvitt-outbox:${userId}`, () => flushNow(userId))
  )
    .catch((error: unknown) => console.warn('Could not send queued expenses', error))
    .finally(() => {
      flushing = null;
    });
  return flushing;
}

/** Keeps an expense the wizard could not send; it is sent as soon as there is a connection. */
export async function queueExpense(userId: string, entry: Omit<QueuedExpense, 'queuedAt' | 'problem'>): Promise<void> {
  await change(userId, (entries) => [
    ...entries.filter((e) => e.body.id !== entry.body.id),
    { ...entry, queuedAt: Date.now(), problem: null },
  ]);
  if (navigator.onLine) void flushOutbox(userId);
}

/** "Försök igen": the refusal is forgotten and the entry sent again. A refused photo upload is uploaded anew. */
export async function retryQueued(userId: string, id: string): Promise<void> {
  await change(userId, (entries) =>
    entries.map((e) =>
      e.body.id !== id
        ? e
        : { ...e, problem: null, body: e.problem === 'VALIDATION' && e.image ? { ...e.body, imageId: null } : e.body },
    ),
  );
  await flushOutbox(userId);
}

/** "Ta bort": the person chose to drop the entry. */
export const discardQueued = (userId: string, id: string): Promise<void> =>
  change(userId, (entries) => entries.filter((e) => e.body.id !== id));

/**
 * For the signed-in user while the app runs: loads the queue, sends it at start and whenever the connection
 * returns, and forgets it in memory when the session ends (the stored entries go with the offline data, 047).
 */
export function startOutbox(client: QueryClient, userId: string): () => void {
  queryClient = client;
  const online = () => void flushOutbox(userId);
  window.addEventListener('online', online);
  const stopOnEnd = onSessionEnd(() => stop());
  function stop() {
    window.removeEventListener('online', online);
    stopOnEnd();
    if (currentOutbox()?.userId === userId) publishOutbox(null);
  }
  void load(userId)
    .then(() => (navigator.onLine ? flushOutbox(userId) : undefined))
    .catch(() => undefined);
  return stop;
}
