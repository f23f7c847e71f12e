import { z } from 'zod';
import { CURRENCIES } from '../domain/currency.ts';
import { idParam } from './ids.ts';
import { rawText } from './text.ts';

const ore = z.number().int();
const currency = z.enum(CURRENCIES);

/** What an expense looked like before or after a change: the fields the Händelser tab names. */
export const expenseSnapshot = z.object({
  merchant: z.string().nullable(),
  totalOre: ore,
  currency,
  expenseDate: z.string(),
  category: z.string(),
});

/** A member an event names; `name` is null when the person's account is gone ("Tidigare medlem"). */
export const eventPerson = z.object({ memberId: z.string(), name: z.string().nullable() });

/** Each kind of event with what it shows. */
export const eventData = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('expense_added'), expenseId: z.string(), after: expenseSnapshot }),
  z.object({
    kind: z.literal('expense_changed'),
    expenseId: z.string(),
    before: expenseSnapshot,
    after: expenseSnapshot,
  }),
  z.object({ kind: z.literal('expense_deleted'), expenseId: z.string(), before: expenseSnapshot }),
  z.object({ kind: z.literal('payment_recorded'), from: eventPerson, to: eventPerson, amountOre: ore, currency }),
  z.object({ kind: z.literal('payment_deleted'), from: eventPerson, to: eventPerson, amountOre: ore, currency }),
  z.object({ kind: z.literal('member_joined') }),
  z.object({ kind: z.literal('member_left') }),
  z.object({ kind: z.literal('member_removed'), member: eventPerson }),
  // People without an account are named as typed at the time: a removed one has no membership left to name them.
  z.object({ kind: z.literal('person_added'), name: z.string() }),
  z.object({ kind: z.literal('person_renamed'), from: z.string(), to: z.string() }),
  z.object({ kind: z.literal('person_removed'), name: z.string() }),
  z.object({ kind: z.literal('person_claimed'), name: z.string() }),
  z.object({ kind: z.literal('group_renamed'), from: z.string(), to: z.string() }),
  z.object({ kind: z.literal('group_settled') }),
  z.object({ kind: z.literal('group_reopened') }),
]);

/** One line of the Händelser tab: who did what, when. `actor` is null for what the server did on its own. */
export const groupEvent = z.object({
  id: z.string(),
  at: z.string(),
  actor: eventPerson.nullable(),
  event: eventData,
});

export const ACTIVITY_PAGE_SIZE = 30;

export const activityParams = z.object({ groupId: idParam() });
export const activityQuery = z.object({
  /** `nextCursor` of the previous page; without it, the newest events. */
  cursor: rawText().max(200).optional(),
});

export const activityPage = z.object({
  events: z.array(groupEvent),
  /** Pass as `cursor` for the next, older page; null on the last page. */
  nextCursor: z.string().nullable(),
});

export type ExpenseSnapshot = z.infer<typeof expenseSnapshot>;
export type EventData = z.infer<typeof eventData>;
export type GroupEvent = z.infer<typeof groupEvent>;
export type ActivityPage = z.infer<typeof activityPage>;
