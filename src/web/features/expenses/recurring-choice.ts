import type { Frequency } from '#shared/domain/recurrence.ts';

/** What the wizard's "Upprepa" holds: how often, and until when (null: no end); null when it does not repeat. */
export type RepeatChoice = { frequency: Frequency; endDate: string | null } | null;

/** An end date before the expense's own date is refused, here and by the server. */
export const endBeforeStart = (choice: RepeatChoice, startDate: string) =>
  choice?.endDate != null && choice.endDate !== '' && choice.endDate < startDate;
