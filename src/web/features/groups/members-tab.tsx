import type { GroupDetail } from '#shared/api/groups.ts';
import * as sv from '#shared/i18n/sv.ts';
import { MemberRow, MembersState, useActiveMembers } from './member-list.tsx';

const texts = sv.groups.members;

/** The Members tab: avatar or icon, name and role of each member. */
export function MembersTab({ group }: { group: GroupDetail }) {
  const members = useActiveMembers(group);
  if (!members.data) return <MembersState members={members} />;
  return (
    <section aria-labelledby="members-heading" className="rounded-xl border bg-card px-4">
      <h2 id="members-heading" className="sr-only">
        {texts.title}
      </h2>
      <ul className="divide-y">
        {members.data.map((member) => (
          <MemberRow key={member.id} member={member} />
        ))}
      </ul>
    </section>
  );
}
