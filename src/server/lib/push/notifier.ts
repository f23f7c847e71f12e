import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PushMessage } from '#shared/api/push.ts';
import type { Ore } from '#shared/domain/money.ts';
import { formatMoney } from '#shared/format.ts';
import { fill } from '#shared/i18n/sv.ts';
import { notifications as texts } from '#shared/i18n/sv/notifications.ts';
import type { Db } from '../../db/client.ts';
import { groupMembers, groups } from '../../db/schema/index.ts';
import type { PushSender } from './sender.ts';

type Actor = { userId: string; name: string };
type Money = { amountOre: Ore | number; currency: string };

/** The group's name and its current members who have an account, each as member id and user id. */
async function audience(db: Db, groupId: string) {
  const rows = await db
    .select({ groupName: groups.name, memberId: groupMembers.id, userId: groupMembers.userId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.groupId, groupId), isNull(groupMembers.removedAt), isNotNull(groupMembers.userId)));
  return {
    groupName: rows[0]?.groupName ?? '',
    members: rows.map((row) => ({ memberId: row.memberId, userId: row.userId ?? '' })),
  };
}

const groupUrl = (groupId: string) => `/app/group/${groupId}`;

/**
 * The group events people are told about on their devices (decision 048). Every method returns at once; the
 * message is composed and sent in the background by the sender, never as part of the request that caused it.
 */
export function createNotifier({ db, sender }: { db: Db; sender: PushSender }) {
  return {
    /** "{namn} lade till {butik} ({belopp}) i {grupp}", to every other current member. */
    expenseAdded(
      input: { groupId: string; expenseId: string; actor: Actor; merchant: string | null; category: string } & Money,
    ) {
      sender.later(async () => {
        const { groupName, members } = await audience(db, input.groupId);
        const message: PushMessage = {
          title: groupName,
          body: fill(texts.messages.expenseAdded, {
            name: input.actor.name,
            merchant: input.merchant ?? input.category,
            amount: formatMoney(input.amountOre, input.currency),
            group: groupName,
          }),
          url: groupUrl(input.groupId),
          tag: `expense-${input.expenseId}`,
        };
        const others = members.filter((m) => m.userId !== input.actor.userId).map((m) => m.userId);
        await sender.deliverTo(others, message);
      });
    },

    /** "{namn} markerade {belopp} som betalt", to the other side of the transfer. */
    transferPaid(input: { groupId: string; paymentId: string; actor: Actor; memberIds: string[] } & Money) {
      sender.later(async () => {
        const { groupName, members } = await audience(db, input.groupId);
        const message: PushMessage = {
          title: groupName,
          body: fill(texts.messages.transferPaid, {
            name: input.actor.name,
            amount: formatMoney(input.amountOre, input.currency),
          }),
          url: groupUrl(input.groupId),
          tag: `payment-${input.paymentId}`,
        };
        const parties = members.filter((m) => input.memberIds.includes(m.memberId) && m.userId !== input.actor.userId);
        await sender.deliverTo(
          parties.map((m) => m.userId),
          message,
        );
      });
    },

    /** The creditor's "Påminn", to the payer of the transfer. */
    reminder(input: { groupId: string; actor: Actor; fromMemberId: string; toMemberId: string } & Money) {
      sender.later(async () => {
        const { groupName, members } = await audience(db, input.groupId);
        const payer = members.find((m) => m.memberId === input.fromMemberId);
        if (!payer) return;
        const message: PushMessage = {
          title: groupName,
          body: fill(texts.messages.reminder, {
            name: input.actor.name,
            amount: formatMoney(input.amountOre, input.currency),
            group: groupName,
          }),
          url: groupUrl(input.groupId),
          tag: `reminder-${input.fromMemberId}-${input.toMemberId}`,
        };
        await sender.deliverTo([payer.userId], message);
      });
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
