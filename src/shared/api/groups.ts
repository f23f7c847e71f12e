import { z } from 'zod';
import { CURRENCIES } from '../domain/currency.ts';
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX } from './groups-limits.ts';
import { idParam } from './ids.ts';
import { personName } from './person-name.ts';
import { multilineText, nameText } from './text.ts';

export * from './groups-limits.ts';

// Messages are keys of sv.validation: the wire carries keys, the web shows the Swedish text.
const groupName = nameText('groupNameRequired', GROUP_NAME_MAX, 'max100');
const description = multilineText().max(GROUP_DESCRIPTION_MAX, 'max200');

/** A name is required, a description optional. The image is uploaded after creation (PUT …/image). */
export const createGroupBody = z.object({
  name: groupName,
  description: description.optional(),
  currency: z.enum(CURRENCIES).optional(),
});

/** The sidebar's "Byt namn" form: a non-blank name. */
export const renameGroupForm = z.object({ name: groupName });

/** Rename (a non-blank name) and/or change the description; at least one of them. */
export const updateGroupBody = z
  .object({ name: groupName.optional(), description: description.optional() })
  .refine((body) => body.name !== undefined || body.description !== undefined, { message: 'required' });

export const groupParams = z.object({ groupId: idParam() });
export const memberParams = z.object({ groupId: idParam(), memberId: idParam() });

const isoInstant = z.string();

/** One card of /app and one line of the sidebar. Money in öre of the group currency. */
export const groupSummary = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Same-origin URL that only members can load, or null without an image. */
  imageUrl: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  role: z.enum(['owner', 'member']),
  isOwner: z.boolean(),
  memberCount: z.number().int(),
  expenseCount: z.number().int(),
  /** Sum of the expenses, each converted at its stored rate and rounded to whole öre. */
  totalSpentOre: z.number().int(),
  /** Latest change to the group, its expenses or its members. */
  updatedAt: isoInstant,
});

export const groupListResponse = z.object({ groups: z.array(groupSummary) });

export const groupDetail = groupSummary.extend({
  isSettled: z.boolean(),
  invitesEnabled: z.boolean(),
  /** The caller's own membership id: expenses and shares point at memberships. */
  myMemberId: z.string(),
  createdAt: isoInstant,
});

export const groupResponse = z.object({ group: groupDetail });

/** A user's place in the group, or a person added by name only who has no account (decision 056). */
export const MEMBER_KINDS = ['account', 'placeholder'] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];

/**
 * A membership. Removed members stay (their expenses and shares keep pointing at them) with `removedAt` set, so other
 * features can show them as "tidigare medlem"; `name` is null only when the person's account is gone without a name.
 * A person without an account (`kind` placeholder) is never removed: they take part like anyone until someone claims
 * the place or, while nothing names them, they are deleted.
 */
export const member = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  kind: z.enum(MEMBER_KINDS),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: z.enum(['owner', 'member']),
  joinedAt: isoInstant,
  removedAt: isoInstant.nullable(),
  isMe: z.boolean(),
});

export const membersResponse = z.object({ members: z.array(member) });

/** "Lägg till person" and renaming one: a name by the same rule as anyone's own (decision 056). */
export const personBody = z.object({ name: personName });
export const personResponse = z.object({ member });

export type CreateGroupBody = z.infer<typeof createGroupBody>;
export type CreateGroupForm = z.input<typeof createGroupBody>;
export type RenameGroupForm = z.infer<typeof renameGroupForm>;
export type UpdateGroupBody = z.infer<typeof updateGroupBody>;
export type GroupSummary = z.infer<typeof groupSummary>;
export type GroupDetail = z.infer<typeof groupDetail>;
export type Member = z.infer<typeof member>;
export type PersonBody = z.infer<typeof personBody>;
