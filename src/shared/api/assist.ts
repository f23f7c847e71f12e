import { z } from 'zod';
import { CATEGORY_MAX, MERCHANT_MAX, isoDate } from './expenses.ts';
import { rawText, singleLineText } from './text.ts';

/** POST /api/groups/:groupId/suggest-participants: what the wizard knows of the new expense by step 2. */
export const suggestParticipantsBody = z.object({
  merchant: singleLineText().min(1, 'required').max(MERCHANT_MAX, 'max100'),
  category: singleLineText().min(1, 'required').max(CATEGORY_MAX),
  amountOre: z.number().int().min(0),
  payerMemberId: rawText().optional(),
  date: isoDate.optional(),
});

/** The member ids to preselect, in the group's member order; never empty for a group with members. */
export const suggestParticipantsResponse = z.object({ memberIds: z.array(z.string()) });

export type SuggestParticipantsBody = z.infer<typeof suggestParticipantsBody>;
export type SuggestParticipantsResponse = z.infer<typeof suggestParticipantsResponse>;
