import type { Member } from '#shared/api/groups.ts';
import { fill } from '#shared/i18n/sv.ts';
import * as sv from '#shared/i18n/sv.ts';

/** Someone who can pay or take part in an expense, as the form lists them. */
export interface Person {
  id: string;
  name: string;
  isMe: boolean;
}

/**
 * The members an expense can name, in the order they joined: everyone still in the group, plus removed members
 * already on the expense being edited (so an edit never drops them silently).
 */
export function peopleOf(members: readonly Member[], keep: ReadonlySet<string> = new Set()): Person[] {
  return members
    .filter((member) => member.removedAt === null || keep.has(member.id))
    .map((member) => ({
      id: member.id,
      name: member.name ?? sv.expenses.formerMember,
      isMe: member.isMe,
    }));
}

/** "Anna (du)" for the caller, so the default payer is recognisable at a glance. */
export const personLabel = (person: Person) =>
  person.isMe ? fill(sv.expenses.you, { name: person.name }) : person.name;
