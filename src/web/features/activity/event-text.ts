import type { EventData, ExpenseSnapshot, GroupEvent } from '#shared/api/activity.ts';
import { formatDate, formatMoney } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';

const texts = sv.activity;
const categories: Record<string, string> = sv.expenses.categories;

const nameOf = (person: { name: string | null } | null): string =>
  person ? (person.name ?? texts.formerMember) : texts.kvitt;
const merchantOf = (snapshot: ExpenseSnapshot): string => snapshot.merchant ?? texts.noMerchant;
const amountOf = (snapshot: ExpenseSnapshot): string => formatMoney(snapshot.totalOre, snapshot.currency);
const categoryOf = (category: string): string => categories[category] ?? category;

/** What changed in an edited expense, one line per field the tab names. */
export function changeLines(before: ExpenseSnapshot, after: ExpenseSnapshot): string[] {
  const lines: string[] = [];
  if (before.totalOre !== after.totalOre || before.currency !== after.currency)
    lines.push(sv.fill(texts.changes.amount, { from: amountOf(before), to: amountOf(after) }));
  if (before.merchant !== after.merchant)
    lines.push(sv.fill(texts.changes.merchant, { from: merchantOf(before), to: merchantOf(after) }));
  if (before.expenseDate !== after.expenseDate)
    lines.push(
      sv.fill(texts.changes.date, { from: formatDate(before.expenseDate), to: formatDate(after.expenseDate) }),
    );
  if (before.category !== after.category)
    lines.push(sv.fill(texts.changes.category, { from: categoryOf(before.category), to: categoryOf(after.category) }));
  return lines.length ? lines : [texts.changes.other];
}

/** The event as one Swedish sentence, and the details under it (what an edit changed). */
export function describeEvent({ actor, event }: Pick<GroupEvent, 'actor'> & { event: EventData }): {
  text: string;
  details: string[];
} {
  const who = nameOf(actor);
  switch (event.kind) {
    case 'expense_added':
      return {
        text: sv.fill(texts.expenseAdded, {
          actor: who,
          merchant: merchantOf(event.after),
          amount: amountOf(event.after),
        }),
        details: [],
      };
    case 'expense_changed':
      return {
        text: sv.fill(texts.expenseChanged, { actor: who, merchant: merchantOf(event.after) }),
        details: changeLines(event.before, event.after),
      };
    case 'expense_deleted':
      return {
        text: sv.fill(texts.expenseDeleted, {
          actor: who,
          merchant: merchantOf(event.before),
          amount: amountOf(event.before),
        }),
        details: [],
      };
    case 'payment_recorded': {
      const values = {
        actor: who,
        from: nameOf(event.from),
        to: nameOf(event.to),
        amount: formatMoney(event.amountOre, event.currency),
      };
      const own = actor?.memberId === event.from.memberId;
      return { text: sv.fill(own ? texts.paymentRecordedOwn : texts.paymentRecorded, values), details: [] };
    }
    case 'payment_deleted': {
      const values = {
        actor: who,
        from: nameOf(event.from),
        to: nameOf(event.to),
        amount: formatMoney(event.amountOre, event.currency),
      };
      return { text: sv.fill(texts.paymentDeleted, values), details: [] };
    }
    case 'member_joined':
      return { text: sv.fill(texts.memberJoined, { actor: who }), details: [] };
    case 'member_left':
      return { text: sv.fill(texts.memberLeft, { actor: who }), details: [] };
    case 'member_removed':
      return { text: sv.fill(texts.memberRemoved, { actor: who, member: nameOf(event.member) }), details: [] };
    case 'person_added':
      return { text: sv.fill(texts.personAdded, { actor: who, name: event.name }), details: [] };
    case 'person_renamed':
      return { text: sv.fill(texts.personRenamed, { actor: who, from: event.from, to: event.to }), details: [] };
    case 'person_removed':
      return { text: sv.fill(texts.personRemoved, { actor: who, name: event.name }), details: [] };
    case 'person_claimed':
      return { text: sv.fill(texts.personClaimed, { actor: who, name: event.name }), details: [] };
    case 'group_renamed':
      return { text: sv.fill(texts.groupRenamed, { actor: who, from: event.from, to: event.to }), details: [] };
    case 'group_settled':
      return { text: actor ? sv.fill(texts.groupSettled, { actor: who }) : texts.groupSettledByPayment, details: [] };
    case 'group_reopened':
      return { text: sv.fill(texts.groupReopened, { actor: who }), details: [] };
  }
}
