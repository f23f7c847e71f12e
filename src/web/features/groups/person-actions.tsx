import { useState } from 'react';
import { MoreHorizontalIcon, PencilIcon, Trash2Icon, UserPlusIcon } from 'lucide-react';
import type { Member } from '#shared/api/groups.ts';
import { mayAddPerson } from '#shared/domain/policies.ts';
import * as sv from '#shared/i18n/sv.ts';
import { ConfirmRemovalDialog } from '../../components/confirm-removal-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { memberName } from './member-list.tsx';
import { PersonDialog } from './person-dialog.tsx';
import { useRemovePerson } from './queries.ts';

const texts = sv.groups.people;

/** "Lägg till person": opens the dialog that adds someone without an account, by name. */
export function AddPersonButton({ group }: { group: { id: string; isOwner: boolean } }) {
  const [open, setOpen] = useState(false);
  if (!mayAddPerson(group).ok) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <UserPlusIcon aria-hidden />
        {texts.add}
      </Button>
      <PersonDialog groupId={group.id} open={open} onOpenChange={setOpen} />
    </>
  );
}

/** The menu of a person without an account: rename, or remove while nothing in the group names them. */
export function PersonActions({ groupId, person }: { groupId: string; person: Member }) {
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = useRemovePerson(groupId);
  const name = memberName(person);
  const confirm = async () => {
    try {
      await remove.mutateAsync(person.id);
      toast.success(sv.fill(texts.removed, { name }));
      setRemoving(false);
    } catch (error) {
      toast.error(texts.removeFailed, { description: errorText(error) });
    }
  };
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={sv.fill(texts.menu, { name })}>
            <MoreHorizontalIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setRenaming(true)}>
            <PencilIcon aria-hidden />
            {texts.rename}
          </DropdownMenuItem>
          <DropdownMenuItem destructive onSelect={() => setRemoving(true)}>
            <Trash2Icon aria-hidden />
            {texts.remove}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <PersonDialog groupId={groupId} open={renaming} onOpenChange={setRenaming} person={{ id: person.id, name }} />
      <ConfirmRemovalDialog
        open={removing}
        onOpenChange={setRemoving}
        title={sv.fill(texts.removeTitle, { name })}
        description={texts.removeConfirm}
        cancelLabel={texts.cancel}
        actionLabel={texts.remove}
        pending={remove.isPending}
        onConfirm={() => void confirm()}
        className="md:max-w-md"
      >
        <p className="text-sm text-muted-foreground">{texts.removeKeeps}</p>
      </ConfirmRemovalDialog>
    </>
  );
}
