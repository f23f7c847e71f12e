import { fail, ok } from '../result.ts';
import type { Result } from '../result.ts';
import { allSettled } from './balances.ts';
import { memberLimit } from './plans.ts';
import type { PlanId } from './plans.ts';

/**
 * Who may do what in a group: every rule of that kind, in one place (decision 046). The server's services call these
 * and turn a refusal into its error code; the web calls the same functions to decide what to show. Each function
 * takes only the facts it needs, so a group as the web has it (GroupDetail, GroupSummary) fits as it is.
 * Being an active member at all is checked before any of these: an outsider gets NOT_FOUND, never a reason.
 */

/** Allowed, or the ErrorCode that says why not. */
export type Decision<C extends string> = Result<void, C>;

const allowed = ok(undefined);

/** The person asking, as a member of the group. */
export type Viewer = { isOwner: boolean; myMemberId: string };

/** Owner only: the actions that cannot be undone or that decide who is in the group (decision 010). */
const ownerOnly = (viewer: Pick<Viewer, 'isOwner'>): Decision<'FORBIDDEN'> =>
  viewer.isOwner ? allowed : fail('FORBIDDEN');

/** Any member may rename the group, change its description or its image: shared details, easy to undo (decision 010). */
export function mayEditGroupDetails(_viewer: Pick<Viewer, 'isOwner'>): Decision<never> {
  return allowed;
}

/** Only the owner deletes the group: it takes every member's expenses, images and payments with it (decision 010). */
export function mayDeleteGroup(viewer: Pick<Viewer, 'isOwner'>): Decision<'FORBIDDEN'> {
  return ownerOnly(viewer);
}

/** Only the owner invites: links, their QR code, the group code and the switch that opens joining (decision 010). */
export function mayManageInvites(viewer: Pick<Viewer, 'isOwner'>): Decision<'FORBIDDEN'> {
  return ownerOnly(viewer);
}

/**
 * Only the owner removes members, and never a member whose role is owner (decision 011). Without `member` it answers
 * whether the viewer may remove anyone at all.
 */
export function mayRemoveMember(
  viewer: Pick<Viewer, 'isOwner'>,
  member?: { role: 'owner' | 'member' },
): Decision<'FORBIDDEN' | 'CANNOT_REMOVE_OWNER'> {
  if (!viewer.isOwner) return fail('FORBIDDEN');
  if (member?.role === 'owner') return fail('CANNOT_REMOVE_OWNER');
  return allowed;
}

/**
 * Any member adds a person by name only ("Lägg till person"), as anyone may add an expense that names them (decision
 * 056); the place counts toward the member cap like anyone's (mayAdmitMember).
 */
export function mayAddPerson(_viewer: Pick<Viewer, 'isOwner'>): Decision<never> {
  return allowed;
}

/**
 * Any member renames a person without an account: a shared detail, easy to undo, like the group's name (decision
 * 056). A member with an account names themselves in their profile.
 */
export function mayRenamePerson(
  _viewer: Pick<Viewer, 'isOwner'>,
  person: { kind: 'account' | 'placeholder' },
): Decision<'FORBIDDEN'> {
  return person.kind === 'placeholder' ? allowed : fail('FORBIDDEN');
}

/**
 * Any member removes a person without an account while nothing in the group names them: no expense paid or shared,
 * no payment made or received. Otherwise they stay, with their balance, until someone claims the place (decision 056).
 */
export function mayRemovePerson(
  _viewer: Pick<Viewer, 'isOwner'>,
  person: { kind: 'account' | 'placeholder'; inUse: boolean },
): Decision<'FORBIDDEN' | 'PERSON_HAS_HISTORY'> {
  if (person.kind !== 'placeholder') return fail('FORBIDDEN');
  return person.inUse ? fail('PERSON_HAS_HISTORY') : allowed;
}

/** Any member adds expenses, but a settled group takes none until it is reopened (decision 019). */
export function mayAddExpense(group: { isSettled: boolean }): Decision<'GROUP_SETTLED'> {
  return group.isSettled ? fail('GROUP_SETTLED') : allowed;
}

/**
 * Only the payer edits or deletes an expense, and only while the group is open (decision 019): the payer is the one
 * whose balance it moves; whoever typed it in has no extra right. An expense paid by several people may be changed by
 * any of its payers or by the member who typed it in, who entered how the payment was shared (decision 057). Anyone
 * else hears NOT_PAYER before GROUP_SETTLED.
 */
export function mayEditOrDeleteExpense(
  viewer: Pick<Viewer, 'myMemberId'>,
  group: { isSettled: boolean },
  expense: { payers: ReadonlyArray<{ memberId: string }>; createdByMemberId: string },
): Decision<'NOT_PAYER' | 'GROUP_SETTLED'> {
  const isPayer = expense.payers.some((payer) => payer.memberId === viewer.myMemberId);
  const isCreatorOfShared = expense.payers.length > 1 && expense.createdByMemberId === viewer.myMemberId;
  if (!isPayer && !isCreatorOfShared) return fail('NOT_PAYER');
  return mayAddExpense(group);
}

/**
 * The payer of a proposed transfer marks it paid; when the payer cannot (they left the group, are unknown, or are a
 * person without an account), the recipient may confirm it instead, so a debt never stays open for good. When neither
 * side has an account, any member records it (decision 056).
 */
export function mayMarkTransferPaid(
  viewer: Pick<Viewer, 'myMemberId'>,
  transfer: {
    from: { id: string; removed: boolean; placeholder?: boolean } | undefined;
    to?: { placeholder?: boolean } | undefined;
    toMemberId: string;
  },
): Decision<'NOT_TRANSFER_PAYER'> {
  const { from, to, toMemberId } = transfer;
  const payerCannot = from === undefined || from.removed || from.placeholder === true;
  const confirms = toMemberId === viewer.myMemberId || to?.placeholder === true;
  const mine = from?.id === viewer.myMemberId || (payerCannot && confirms);
  return mine ? allowed : fail('NOT_TRANSFER_PAYER');
}

/**
 * A payment between two members ("Registrera betalning") is recorded or deleted by one of the two, the one who paid or
 * the one who got the money, or by the owner, who keeps the books for those who cannot; never while the group is
 * settled (decision 059). A member who says "I paid" or "I got paid" knows; no one else may move another's balance.
 */
export function mayRecordOrDeletePayment(
  viewer: Viewer,
  group: { isSettled: boolean },
  payment: { fromMemberId: string; toMemberId: string },
): Decision<'NOT_PAYMENT_PARTY' | 'GROUP_SETTLED'> {
  const party = payment.fromMemberId === viewer.myMemberId || payment.toMemberId === viewer.myMemberId;
  if (!party && !viewer.isOwner) return fail('NOT_PAYMENT_PARTY');
  return mayAddExpense(group);
}

/**
 * Only the owner sets below which amount proposed transfers are left out (decision 059): it decides what every member
 * is asked to pay, as the owner decides who joins.
 */
export function maySetTransferThreshold(viewer: Pick<Viewer, 'isOwner'>): Decision<'FORBIDDEN'> {
  return ownerOnly(viewer);
}

/**
 * The recipient of a proposed transfer may remind its payer ("Påminn"), while the payer is still a member with an
 * account to tell (decision 048); how often is the reminder rule's, `REMINDER_RULE`.
 */
export function mayRemindPayer(
  viewer: Pick<Viewer, 'myMemberId'>,
  transfer: { from: { removed: boolean; userId: string | null } | undefined; toMemberId: string },
): Decision<'NOT_TRANSFER_RECIPIENT'> {
  const { from, toMemberId } = transfer;
  const payerReachable = from !== undefined && !from.removed && from.userId !== null;
  return toMemberId === viewer.myMemberId && payerReachable ? allowed : fail('NOT_TRANSFER_RECIPIENT');
}

/** A transfer's payer is reminded at most once in this window, however often the recipient asks. */
export const REMINDER_RULE = { limit: 1, windowMs: 24 * 60 * 60_000 };

/**
 * Any member may close a group without a transfer, once it has expenses and every balance is exactly zero öre
 * (decision 022); otherwise the last payment settles it.
 */
export function maySettleGroup(ledger: {
  expenseCount: number;
  balances: ReadonlyArray<{ balance: number }>;
}): Decision<'NOTHING_TO_SETTLE' | 'BALANCES_NOT_ZERO'> {
  if (ledger.expenseCount === 0) return fail('NOTHING_TO_SETTLE');
  if (!allSettled(ledger.balances)) return fail('BALANCES_NOT_ZERO');
  return allowed;
}

/** Any member may reopen a settled group ("Öppna gruppen igen"); reopening an open one changes nothing. */
export function mayReopenGroup(_viewer: Pick<Viewer, 'isOwner'>): Decision<never> {
  return allowed;
}

/** What an invite link does right now: admits, or why it would not, in the order a person can act on it. */
export const INVITE_STATUSES = ['valid', 'revoked', 'expired', 'used_up', 'disabled'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** Why an invite would not admit anyone right now: revoked, then expired, then used up, then joining switched off. */
export function inviteStatus(
  invite: { revokedAt: Date | null; expiresAt: Date; maxUses: number | null; useCount: number },
  group: { invitesEnabled: boolean },
  now: Date,
): InviteStatus {
  if (invite.revokedAt) return 'revoked';
  if (invite.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (invite.maxUses !== null && invite.useCount >= invite.maxUses) return 'used_up';
  return group.invitesEnabled ? 'valid' : 'disabled';
}

const INVITE_REFUSAL = {
  revoked: 'INVALID_INVITE',
  expired: 'INVITE_EXPIRED',
  used_up: 'MAX_USES_REACHED',
} as const;

/**
 * Whether a person who is not a member may join, by an invite link (its status) or by the group code (null): the link
 * must still work and the owner must have joining switched on. The member cap is mayAdmitMember's.
 */
export function mayJoinGroup(
  group: { invitesEnabled: boolean },
  invite: InviteStatus | null,
): Decision<'INVALID_INVITE' | 'INVITE_EXPIRED' | 'MAX_USES_REACHED' | 'INVITES_DISABLED'> {
  if (invite === 'revoked' || invite === 'expired' || invite === 'used_up') return fail(INVITE_REFUSAL[invite]);
  return group.invitesEnabled ? allowed : fail('INVITES_DISABLED');
}

/**
 * Whether one more person may join a group that has `activeMembers` members, the owner included: the owner's plan
 * decides (Gratis at most FREE_MEMBER_LIMIT, Premium no limit); an owner whose plan is unknown counts as Gratis.
 */
export function mayAdmitMember(owner: { plan: PlanId | null }, activeMembers: number): Decision<'GROUP_FULL'> {
  const limit = memberLimit(owner.plan ?? 'plus');
  return limit === null || activeMembers < limit ? allowed : fail('GROUP_FULL');
}

/**
 * The next occurrences of a recurring expense are changed as an expense is edited (decision 061): by the payer the
 * series creates them for, while the group is open.
 */
export function mayChangeRecurring(
  viewer: Pick<Viewer, 'myMemberId'>,
  group: { isSettled: boolean },
  series: {
    payerMemberId: string;
    payers?: ReadonlyArray<{ memberId: string }> | undefined;
    createdByMemberId: string;
  },
): Decision<'NOT_PAYER' | 'GROUP_SETTLED'> {
  const payers = series.payers?.length ? series.payers : [{ memberId: series.payerMemberId }];
  return mayEditOrDeleteExpense(viewer, group, { payers, createdByMemberId: series.createdByMemberId });
}

/**
 * Ending a recurring expense changes no balance, so its payer or the member who started it may end it, also while the
 * group is settled (decision 061).
 */
export function mayEndRecurring(
  viewer: Pick<Viewer, 'myMemberId'>,
  series: { payerMemberId: string; createdByMemberId: string },
): Decision<'NOT_PAYER'> {
  return series.payerMemberId === viewer.myMemberId || series.createdByMemberId === viewer.myMemberId
    ? allowed
    : fail('NOT_PAYER');
}
