import { Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EllipsisIcon, PencilIcon, Trash2Icon, UsersIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import type { GroupSummary } from '#shared/api/groups.ts';
import { mayDeleteGroup } from '#shared/domain/policies.ts';
import * as sv from '#shared/i18n/sv.ts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { useSidebar } from '../../components/ui/sidebar-context.tsx';
import {
  SidebarMenu,
  SidebarMenuAction,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarMenuSkeleton,
} from '../../components/ui/sidebar-menu.tsx';
import { countText } from './count-text.ts';
import { groupsQuery } from '../../lib/queries/groups.ts';
import { preloadable } from '../../lib/preloadable.tsx';

// Fetched as the group's menu opens: the form library and dialogs would otherwise weigh on every /app page's first
// load.
const renameGroupDialog = preloadable(() => import('./rename-group-dialog.tsx').then((m) => m.RenameGroupDialog));
const deleteGroupDialog = preloadable(() => import('./delete-group-dialog.tsx').then((m) => m.DeleteGroupDialog));
const RenameGroupDialog = renameGroupDialog.Component;
const DeleteGroupDialog = deleteGroupDialog.Component;
const preloadDialogs = () => void Promise.all([renameGroupDialog.preload(), deleteGroupDialog.preload()]);

const texts = sv.groups.sidebar;

/** The sidebar's "Mina grupper": every group of the user, live, each with Byt namn and Ta bort. */
export function MyGroups() {
  const groups = useQuery(groupsQuery);
  if (groups.isPending) {
    return (
      <div role="status" aria-label={sv.shell.loading}>
        <SidebarMenuSkeleton />
        <SidebarMenuSkeleton />
      </div>
    );
  }
  if (groups.isError)
    return <p className="ui-sidebar-expanded-only px-2 py-1 text-sm text-muted-foreground">{texts.loadFailed}</p>;
  if (groups.data.length === 0)
    return <p className="ui-sidebar-expanded-only px-2 py-1 text-sm text-muted-foreground">{texts.empty}</p>;
  return (
    <SidebarMenu>
      {groups.data.map((group) => (
        <GroupEntry key={group.id} group={group} />
      ))}
    </SidebarMenu>
  );
}

function GroupEntry({ group }: { group: GroupSummary }) {
  const { isMobile, setOpenMobile } = useSidebar();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const members = countText(sv.groups.counts.members, group.memberCount);
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild tooltip={group.name}>
        <NavLink to={`/app/group/${group.id}`} onClick={isMobile ? () => setOpenMobile(false) : undefined}>
          {group.imageUrl ? (
            <img src={group.imageUrl} alt="" className="size-5 shrink-0 rounded-sm object-cover" />
          ) : (
            <UsersIcon aria-hidden />
          )}
          <span className="flex-1">{group.name}</span>
          <span className="shrink-0 text-xs text-muted-foreground tabular-nums" data-testid="sidebar-member-count">
            <span aria-hidden>{group.memberCount}</span>
            <span className="sr-only">, {members}</span>
          </span>
        </NavLink>
      </SidebarMenuButton>
      <GroupMenu group={group} onOpen={setDialog} />
      <Suspense fallback={null}>
        {dialog === 'rename' ? (
          <RenameGroupDialog group={group} open onOpenChange={(open) => setDialog(open ? 'rename' : null)} />
        ) : null}
        {dialog === 'delete' ? (
          <DeleteGroupDialog group={group} open onOpenChange={(open) => setDialog(open ? 'delete' : null)} />
        ) : null}
      </Suspense>
    </SidebarMenuItem>
  );
}

function GroupMenu({ group, onOpen }: { group: GroupSummary; onOpen: (dialog: 'rename' | 'delete') => void }) {
  return (
    // Not modal: a modal menu that opens a dialog can leave the page unclickable when the two hand focus over.
    <DropdownMenu modal={false} onOpenChange={(open) => (open ? preloadDialogs() : undefined)}>
      <DropdownMenuTrigger asChild>
        <SidebarMenuAction aria-label={sv.fill(texts.menu, { group: group.name })}>
          <EllipsisIcon aria-hidden />
        </SidebarMenuAction>
      </DropdownMenuTrigger>
      <DropdownMenuContent side="right" align="start" className="w-60">
        <DropdownMenuItem onSelect={() => onOpen('rename')}>
          <PencilIcon aria-hidden />
          {texts.rename}
        </DropdownMenuItem>
        {mayDeleteGroup(group).ok ? (
          <DropdownMenuItem destructive onSelect={() => onOpen('delete')}>
            <Trash2Icon aria-hidden />
            {texts.delete}
          </DropdownMenuItem>
        ) : (
          // Decision 010: shown but inert for members, with the reason in the item itself so screen readers read it.
          <DropdownMenuItem
            aria-disabled
            onSelect={(event) => event.preventDefault()}
            className="items-start opacity-70"
          >
            <Trash2Icon aria-hidden className="mt-0.5" />
            <span className="grid gap-0.5">
              <span>{texts.delete}</span>
              <span className="text-xs text-muted-foreground">{texts.ownerOnlyDelete}</span>
            </span>
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
