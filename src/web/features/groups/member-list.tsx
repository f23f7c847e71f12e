import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CrownIcon, UserRoundXIcon } from 'lucide-react';
import type { GroupDetail, Member } from '#shared/api/groups.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Avatar, AvatarFallback, AvatarImage, initials } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Alert } from '../../components/ui/feedback.tsx';
import { MembersSkeleton } from './members-skeleton.tsx';
import { membersQuery } from '../../lib/queries/groups.ts';

const texts = sv.groups.members;

/** The shown name of a membership; a person whose account is gone is still someone in the group's history. */
export const memberName = (member: Pick<Member, 'name'>) => member.name ?? texts.unknownName;

/** The active members of a group, owner first; loading and failure handled here so every list behaves the same. */
export function useActiveMembers(group: Pick<GroupDetail, 'id'>) {
  const members = useQuery({
    ...membersQuery(group.id),
    select: (all: Member[]) => all.filter((member) => !member.removedAt),
  });
  return members;
}

export function MembersState({ members }: { members: ReturnType<typeof useActiveMembers> }) {
  if (members.isPending) return <MembersSkeleton />;
  return (
    <Alert variant="error" title={texts.loadFailed}>
      <Button variant="outline" size="sm" className="w-fit" onClick={() => void members.refetch()}>
        {sv.shell.retry}
      </Button>
    </Alert>
  );
}

/**
 * One person: avatar or initials, name (with "(du)"), role, or "Utan konto" for a person added by name only;
 * `action` at the right, e.g. the owner's remove button.
 */
export function MemberRow({ member, action }: { member: Member; action?: ReactNode }) {
  const name = memberName(member);
  const owner = member.role === 'owner';
  const placeholder = member.kind === 'placeholder';
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar className="size-10">
        {member.avatarUrl ? <AvatarImage src={member.avatarUrl} alt="" /> : null}
        <AvatarFallback aria-hidden>{initials(name)}</AvatarFallback>
      </Avatar>
      {/* The whole name, wrapped when narrow; the role flows after it, or below it when there is no room. */}
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
        <span className="min-w-0 font-medium break-words">
          {name} {member.isMe ? <span className="font-normal text-muted-foreground">{texts.you}</span> : null}
        </span>
        {placeholder ? (
          <Badge variant="outline" className="gap-1 sm:ml-auto">
            <UserRoundXIcon aria-hidden className="size-3" />
            {texts.noAccount}
          </Badge>
        ) : (
          <Badge variant={owner ? 'default' : 'secondary'} className="gap-1 sm:ml-auto">
            {owner ? <CrownIcon aria-hidden className="size-3" /> : null}
            {owner ? texts.owner : texts.member}
          </Badge>
        )}
        {member.removedAt ? <span className="basis-full text-sm text-muted-foreground">{texts.former}</span> : null}
      </div>
      {action}
    </li>
  );
}
