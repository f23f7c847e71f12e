import { describe, expect, it } from 'vitest';
import { FREE_MEMBER_LIMIT } from './plans.ts';
import {
  mayAddExpense,
  mayAdmitMember,
  mayDeleteGroup,
  mayEditGroupDetails,
  inviteStatus,
  mayEditOrDeleteExpense,
  mayJoinGroup,
  mayManageInvites,
  mayMarkTransferPaid,
  mayAddPerson,
  mayRenamePerson,
  mayRemovePerson,
  mayRecordOrDeletePayment,
  mayRemindPayer,
  mayRemoveMember,
  mayReopenGroup,
  maySettleGroup,
  maySetTransferThreshold,
} from './policies.ts';
import type { Decision } from './policies.ts';
import { createPrng, randomInt } from './testing/prng.ts';

const owner = { isOwner: true, myMemberId: 'm-owner' };
const member = { isOwner: false, myMemberId: 'm-member' };
const open = { isSettled: false };
const settled = { isSettled: true };

/** The refusal code, or 'allowed'. */
const verdict = (decision: Decision<string>) => (decision.ok ? 'allowed' : decision.code);

describe('who may change a group', () => {
  it.each([
    ['the owner', owner],
    ['a member', member],
  ])('lets %s rename the group, change its description and image, and reopen it', (_who, viewer) => {
    expect(verdict(mayEditGroupDetails(viewer))).toBe('allowed');
    expect(verdict(mayReopenGroup(viewer))).toBe('allowed');
  });

  it.each([
    ['the owner', owner, 'allowed'],
    ['a member', member, 'FORBIDDEN'],
  ])('lets only the owner delete the group and invite: %s is %s', (_who, viewer, expected) => {
    expect(verdict(mayDeleteGroup(viewer))).toBe(expected);
    expect(verdict(mayManageInvites(viewer))).toBe(expected);
  });

  it.each([
    ['the owner removes a member', owner, { role: 'member' as const }, 'allowed'],
    ['the owner removes the owner', owner, { role: 'owner' as const }, 'CANNOT_REMOVE_OWNER'],
    ['a member removes a member', member, { role: 'member' as const }, 'FORBIDDEN'],
    ['a member removes the owner', member, { role: 'owner' as const }, 'FORBIDDEN'],
    ['the owner removes anyone at all', owner, undefined, 'allowed'],
    ['a member removes anyone at all', member, undefined, 'FORBIDDEN'],
  ])('answers "%s" with %s', (_case, viewer, target, expected) => {
    expect(verdict(mayRemoveMember(viewer, target))).toBe(expected);
  });
});

describe('who may change an expense', () => {
  const paidBy = (memberId: string, createdBy = 'm-typist') => ({
    payers: [{ memberId }],
    createdByMemberId: createdBy,
  });
  const paidByTwo = (first: string, second: string, createdBy = 'm-typist') => ({
    payers: [{ memberId: first }, { memberId: second }],
    createdByMemberId: createdBy,
  });

  it.each([
    ['the payer, group open', member, open, paidBy(member.myMemberId), 'allowed'],
    ['the payer, group settled', member, settled, paidBy(member.myMemberId), 'GROUP_SETTLED'],
    ['the owner who did not pay, group open', owner, open, paidBy(member.myMemberId), 'NOT_PAYER'],
    ['another member, group settled', owner, settled, paidBy(member.myMemberId), 'NOT_PAYER'],
    ["who typed in one payer's expense", owner, open, paidBy(member.myMemberId, owner.myMemberId), 'NOT_PAYER'],
    ['the second of two payers', member, open, paidByTwo('m-other', member.myMemberId), 'allowed'],
    ['who typed in a shared payment', owner, open, paidByTwo('m-a', 'm-b', owner.myMemberId), 'allowed'],
    [
      'who typed in a shared payment, settled',
      owner,
      settled,
      paidByTwo('m-a', 'm-b', owner.myMemberId),
      'GROUP_SETTLED',
    ],
    ['neither payer nor typist of a shared payment', member, open, paidByTwo('m-a', 'm-b'), 'NOT_PAYER'],
  ])('answers %s with %s', (_case, viewer, group, expense, expected) => {
    expect(verdict(mayEditOrDeleteExpense(viewer, group, expense))).toBe(expected);
  });

  it('lets only a payer change an expense, or who typed it in when several paid, and only while open', () => {
    const prng = createPrng(46);
    for (let i = 0; i < 300; i += 1) {
      const payers = Array.from(
        new Set(Array.from({ length: randomInt(prng, 1, 3) }, () => `m-${randomInt(prng, 1, 6)}`)),
      );
      const expense = {
        payers: payers.map((memberId) => ({ memberId })),
        createdByMemberId: `m-${randomInt(prng, 1, 6)}`,
      };
      const viewer = { isOwner: randomInt(prng, 0, 1) === 1, myMemberId: `m-${randomInt(prng, 1, 6)}` };
      const group = { isSettled: randomInt(prng, 0, 1) === 1 };
      const allowed = mayEditOrDeleteExpense(viewer, group, expense).ok;
      const entitled =
        payers.includes(viewer.myMemberId) || (payers.length > 1 && expense.createdByMemberId === viewer.myMemberId);
      expect(allowed).toBe(entitled && !group.isSettled);
    }
  });

  it('lets any member add an expense to an open group and nobody to a settled one', () => {
    expect(verdict(mayAddExpense(open))).toBe('allowed');
    expect(verdict(mayAddExpense(settled))).toBe('GROUP_SETTLED');
  });
});

describe('who may mark a transfer paid', () => {
  const payer = { id: 'm-payer', removed: false };
  const leftPayer = { id: 'm-payer', removed: true };
  const me = (id: string) => ({ myMemberId: id });

  it.each([
    ['the payer', me('m-payer'), payer, 'allowed'],
    ['the recipient while the payer is still here', me('m-to'), payer, 'NOT_TRANSFER_PAYER'],
    ['the recipient once the payer has left', me('m-to'), leftPayer, 'allowed'],
    ['the recipient when the payer is unknown', me('m-to'), undefined, 'allowed'],
    ['a third member once the payer has left', me('m-other'), leftPayer, 'NOT_TRANSFER_PAYER'],
    ['the recipient when the payer has no account', me('m-to'), { ...payer, placeholder: true }, 'allowed'],
    ['a third member when the payer has no account', me('m-other'), { ...payer, placeholder: true }, 'NOT_TRANSFER_PAYER'],
  ])('answers %s with %s', (_case, viewer, from, expected) => {
    expect(verdict(mayMarkTransferPaid(viewer, { from, toMemberId: 'm-to' }))).toBe(expected);
  });

  it('lets any member record a transfer between two people without an account, and nobody else pay for a payer', () => {
    const from = { ...payer, placeholder: true };
    expect(verdict(mayMarkTransferPaid(me('m-other'), { from, to: { placeholder: true }, toMemberId: 'm-to' }))).toBe(
      'allowed',
    );
    expect(verdict(mayMarkTransferPaid(me('m-other'), { from: payer, to: { placeholder: true }, toMemberId: 'm-to' }))).toBe(
      'NOT_TRANSFER_PAYER',
    );
  });
});

describe('who may add, rename and remove a person without an account', () => {
  const placeholder = { kind: 'placeholder' as const };

  it('lets any member add one and rename one, never rename a member with an account', () => {
    expect(verdict(mayAddPerson(member))).toBe('allowed');
    expect(verdict(mayRenamePerson(member, placeholder))).toBe('allowed');
    expect(verdict(mayRenamePerson(owner, { kind: 'account' }))).toBe('FORBIDDEN');
  });

  it.each([
    ['one nothing names', placeholder, false, 'allowed'],
    ['one named by an expense or a payment', placeholder, true, 'PERSON_HAS_HISTORY'],
    ['a member with an account', { kind: 'account' as const }, false, 'FORBIDDEN'],
  ])('answers removing %s with %s', (_case, person, inUse, expected) => {
    expect(verdict(mayRemovePerson(member, { ...person, inUse }))).toBe(expected);
  });
});

describe('who may record or delete a payment between two members', () => {
  const between = (fromMemberId: string, toMemberId: string) => ({ fromMemberId, toMemberId });

  it.each([
    ['the member who paid', member, between('m-member', 'm-other'), 'allowed'],
    ['the member who got the money', member, between('m-other', 'm-member'), 'allowed'],
    ['the owner, for two others', owner, between('m-other', 'm-third'), 'allowed'],
    ['a member for two others', member, between('m-other', 'm-third'), 'NOT_PAYMENT_PARTY'],
  ])('answers %s', (_who, viewer, payment, expected) => {
    expect(verdict(mayRecordOrDeletePayment(viewer, open, payment))).toBe(expected);
  });

  it('refuses everyone while the group is settled, but tells a third member first that it is not theirs', () => {
    expect(verdict(mayRecordOrDeletePayment(owner, settled, between('m-owner', 'm-other')))).toBe('GROUP_SETTLED');
    expect(verdict(mayRecordOrDeletePayment(member, settled, between('m-other', 'm-third')))).toBe('NOT_PAYMENT_PARTY');
  });

  it('lets only the owner set the small-transfer threshold', () => {
    expect([verdict(maySetTransferThreshold(owner)), verdict(maySetTransferThreshold(member))]).toEqual([
      'allowed',
      'FORBIDDEN',
    ]);
  });
});

describe('who may remind a payer', () => {
  const payer = { removed: false, userId: 'u-payer' };
  const me = (id: string) => ({ myMemberId: id });

  it.each([
    ['the recipient of a payer still here', me('m-to'), payer, 'allowed'],
    ['the payer', me('m-payer'), payer, 'NOT_TRANSFER_RECIPIENT'],
    ['a third member', me('m-other'), payer, 'NOT_TRANSFER_RECIPIENT'],
    [
      'the recipient once the payer has left',
      me('m-to'),
      { removed: true, userId: 'u-payer' },
      'NOT_TRANSFER_RECIPIENT',
    ],
    [
      'the recipient of a payer without an account',
      me('m-to'),
      { removed: false, userId: null },
      'NOT_TRANSFER_RECIPIENT',
    ],
    ['the recipient when the payer is unknown', me('m-to'), undefined, 'NOT_TRANSFER_RECIPIENT'],
  ])('answers %s with %s', (_case, viewer, from, expected) => {
    expect(verdict(mayRemindPayer(viewer, { from, toMemberId: 'm-to' }))).toBe(expected);
  });
});

describe('when a group may be settled without a transfer', () => {
  const balances = (...amounts: number[]) => amounts.map((balance) => ({ balance }));

  it.each([
    ['no expenses yet', 0, balances(), 'NOTHING_TO_SETTLE'],
    ['expenses with every balance at zero', 3, balances(0, 0, 0), 'allowed'],
    ['one öre still owed', 3, balances(1, -1, 0), 'BALANCES_NOT_ZERO'],
  ])('answers %s with %s', (_case, expenseCount, list, expected) => {
    expect(verdict(maySettleGroup({ expenseCount, balances: list }))).toBe(expected);
  });
});

describe('who may join a group', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const link = { revokedAt: null, expiresAt: new Date('2026-11-30T12:00:00Z'), maxUses: null, useCount: 0 };
  const joiningOpen = { invitesEnabled: true };
  const joiningOff = { invitesEnabled: false };

  it.each([
    ['a working link', link, joiningOpen, 'valid', 'allowed'],
    ['a working link while joining is off', link, joiningOff, 'disabled', 'INVITES_DISABLED'],
    ['a revoked link', { ...link, revokedAt: now }, joiningOpen, 'revoked', 'INVALID_INVITE'],
    ['a link that expires this very moment', { ...link, expiresAt: now }, joiningOpen, 'expired', 'INVITE_EXPIRED'],
    ['a used-up link', { ...link, maxUses: 3, useCount: 3 }, joiningOpen, 'used_up', 'MAX_USES_REACHED'],
    [
      'a revoked and expired link',
      { ...link, revokedAt: now, expiresAt: now },
      joiningOff,
      'revoked',
      'INVALID_INVITE',
    ],
  ])('answers %s with %s', (_case, invite, group, status, expected) => {
    expect(inviteStatus(invite, group, now)).toBe(status);
    expect(verdict(mayJoinGroup(group, inviteStatus(invite, group, now)))).toBe(expected);
  });

  it('lets a group code in exactly while joining is switched on', () => {
    expect(verdict(mayJoinGroup(joiningOpen, null))).toBe('allowed');
    expect(verdict(mayJoinGroup(joiningOff, null))).toBe('INVITES_DISABLED');
  });
});

describe('the plan member cap', () => {
  it('admits people into a Gratis group until it holds FREE_MEMBER_LIMIT members, the owner included', () => {
    for (let count = 0; count <= FREE_MEMBER_LIMIT + 3; count += 1) {
      expect(verdict(mayAdmitMember({ plan: 'plus' }, count))).toBe(
        count < FREE_MEMBER_LIMIT ? 'allowed' : 'GROUP_FULL',
      );
    }
  });

  it('counts an owner whose plan is unknown as Gratis', () => {
    expect(verdict(mayAdmitMember({ plan: null }, FREE_MEMBER_LIMIT))).toBe('GROUP_FULL');
    expect(verdict(mayAdmitMember({ plan: null }, FREE_MEMBER_LIMIT - 1))).toBe('allowed');
  });

  it('never fills a Premium group', () => {
    const prng = createPrng(9);
    for (let i = 0; i < 100; i += 1) {
      expect(mayAdmitMember({ plan: 'pro' }, randomInt(prng, 0, 10_000)).ok).toBe(true);
    }
  });
});
