import type { GroupDetail } from '#shared/api/groups.ts';
import * as sv from '#shared/i18n/sv.ts';
import { MemberRow, MembersState, useActiveMembers } from './member-list.tsx';
import { AddPersonButton, PersonActions } from './person-actions.tsx';

const texts = sv.groups.members;

/**
 * The Members tab: avatar or icon, name and role of each member; "Lägg till person" for someone without an account,
 * and a menu on each such person (decision 056).
 */
export function MembersTab({ group }: { group: GroupDetail }) {
  const members = useActiveMembers(group);
  if (!members.data) return <MembersState members={members} />;
  return (
    <section aria-labelledby="members-heading" className="grid gap-3">
      <h2 id="members-heading" className="sr-only">
        {texts.title}
      </h2>
      <ul className="divide-y rounded-xl border bg-card px-4" aria-label={texts.title}>
        {members.data.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            action={member.kind === 'placeholder' ? <PersonActions groupId={group.id} person={member} /> : null}
          />
        ))}
      </ul>
      <div>
        <AddPersonButton group={group} />
      </div>
    </section>
  );
}
