import { useState } from 'react';
import { UserMinusIcon } from 'lucide-react';
import type { GroupDetail, Member } from '#shared/api/groups.ts';
import { mayRemoveMember } from '#shared/domain/policies.ts';
import * as sv from '#shared/i18n/sv.ts';
import { ConfirmRemovalDialog } from '../../components/confirm-removal-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { MemberRow, MembersState, memberName, useActiveMembers } from './member-list.tsx';
import { AddPersonButton, PersonActions } from './person-actions.tsx';
import { useRemoveMember } from './queries.ts';

const texts = sv.groups.settings;

/** The settings member list: count in the heading; a remove button per member for the owner, never for the owner. */
export function MemberSettings({ group }: { group: GroupDetail }) {
  const members = useActiveMembers(group);
  const [removing, setRemoving] = useState<Member | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{sv.fill(texts.membersHeading, { count: members.data?.length ?? group.memberCount })}</CardTitle>
        {mayRemoveMember(group).ok ? null : <CardDescription>{texts.ownerOnly}</CardDescription>}
      </CardHeader>
      <CardContent>
        {members.data ? (
          <ul className="divide-y" aria-label={sv.groups.members.title}>
            {members.data.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                action={
                  member.kind === 'placeholder' ? (
                    <PersonActions groupId={group.id} person={member} />
                  ) : mayRemoveMember(group, member).ok ? (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={sv.fill(texts.removeMember, { name: memberName(member) })}
                      onClick={() => setRemoving(member)}
                    >
                      <UserMinusIcon aria-hidden />
                    </Button>
                  ) : null
                }
              />
            ))}
          </ul>
        ) : (
          <MembersState members={members} />
        )}
        <div className="pt-2">
          <AddPersonButton group={group} />
        </div>
      </CardContent>
      <RemoveMemberDialog groupId={group.id} member={removing} onClose={() => setRemoving(null)} />
    </Card>
  );
}

function RemoveMemberDialog({
  groupId,
  member,
  onClose,
}: {
  groupId: string;
  member: Member | null;
  onClose: () => void;
}) {
  const remove = useRemoveMember(groupId);
  const confirm = async (target: Member) => {
    try {
      await remove.mutateAsync(target.id);
      toast.success(texts.removed);
      onClose();
    } catch (error) {
      toast.error(texts.removeFailed, { description: errorText(error) });
    }
  };
  return (
    <ConfirmRemovalDialog
      open={member !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={sv.fill(texts.removeTitle, { name: member ? memberName(member) : '' })}
      description={texts.removeConfirm}
      cancelLabel={texts.cancel}
      actionLabel={texts.removeAction}
      pending={remove.isPending}
      onConfirm={() => {
        if (member) void confirm(member);
      }}
      className="md:max-w-md"
    >
      <p className="text-sm text-muted-foreground">{texts.removeKeeps}</p>
    </ConfirmRemovalDialog>
  );
}
