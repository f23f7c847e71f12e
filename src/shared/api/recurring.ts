import { z } from 'zod';
import { FREQUENCIES } from '../domain/recurrence.ts';
import { createExpenseBody, expenseSplitInput, isoDate } from './expenses.ts';
import { idParam } from './ids.ts';

export const frequency = z.enum(FREQUENCIES, { error: 'frequencyInvalid' });

/**
 * What each occurrence of a recurring expense is created from: the create-expense body without its id, date and
 * image, so a field added to expenses is repeated too (decision 061).
 */
export const recurringTemplate = createExpenseBody.omit({ id: true, expenseDate: true, imageId: true });

const endDate = isoDate.nullable();
const endNotBeforeStart = (start: string, end: string | null) => end === null || end >= start;

/**
 * POST /api/groups/{groupId}/recurring-expenses: the wizard's expense, which is the first occurrence and is saved
 * under its own id with its image, and how it repeats.
 */
export const createRecurringBody = createExpenseBody
  .extend({ repeat: z.object({ frequency, endDate }) })
  .refine((body) => endNotBeforeStart(body.expenseDate, body.repeat.endDate), {
    path: ['repeat', 'endDate'],
    message: 'endBeforeStart',
  });

/** PATCH /api/recurring-expenses/{seriesId}: what the occurrences from the next one on are created from, and the end. */
export const updateRecurringBody = recurringTemplate.extend({ endDate });

export const recurringGroupParams = z.object({ groupId: idParam() });
export const recurringParams = z.object({ seriesId: idParam() });

export const recurringStatus = z.enum(['active', 'finished', 'ended', 'stopped']);

export const recurringSeries = z.object({
  id: z.string(),
  groupId: z.string(),
  frequency,
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** The date of the next occurrence; null when the series will make no more. */
  nextDate: z.string().nullable(),
  /** `finished`: past its end date; `ended`: ended by a member; `stopped`: someone in it is no longer a member. */
  status: recurringStatus,
  totalOre: z.number().int(),
  currency: createExpenseBody.shape.currency,
  merchant: z.string().nullable(),
  category: z.string(),
  note: z.string().nullable(),
  payerMemberId: z.string(),
  payerName: z.string().nullable(),
  split: expenseSplitInput,
  manualRateMicros: z.number().int().nullable(),
  /** Everything the next occurrence is created from, as stored: what a change sends back with its edits. */
  template: recurringTemplate,
  /** Expenses created by the series that still exist, newest first. */
  expenseIds: z.array(z.string()),
  /** The last date that passed without an expense, and why (an error code); null when none did. */
  lastSkipped: z.object({ date: z.string(), reason: z.string() }).nullable(),
  /** The caller may change the next occurrences (the payer, group open) and end the series (the payer or its creator). */
  canChange: z.boolean(),
  canEnd: z.boolean(),
});

export const recurringResponse = z.object({ series: recurringSeries });
export const recurringListResponse = z.object({ series: z.array(recurringSeries) });
export const createRecurringResponse = z.object({ series: recurringSeries, expenseId: z.string() });

export type CreateRecurringBody = z.infer<typeof createRecurringBody>;
export type UpdateRecurringBody = z.infer<typeof updateRecurringBody>;
export type RecurringTemplate = z.infer<typeof recurringTemplate>;
export type RecurringSeries = z.infer<typeof recurringSeries>;
export type RecurringStatus = z.infer<typeof recurringStatus>;
