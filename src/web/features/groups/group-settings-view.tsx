import type { ComponentType } from 'react';
import { ArrowLeftIcon } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { GroupDetail } from '#shared/api/groups.ts';
import { mayManageInvites } from '#shared/domain/policies.ts';
import * as sv from '#shared/i18n/sv.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { useGroupOrLeave } from './use-group.ts';

/** One section of the settings page, e.g. members or the CSV export; each renders its own card. */
export interface GroupSettingsSection {
  id: string;
  Content: ComponentType<{ group: GroupDetail }>;
}

const texts = sv.groups.settings;

/** /app/group/{id}/settings "Gruppinställningar": the sections the composition in app/ hands in, in order. */
export function GroupSettingsView({ sections }: { sections: readonly GroupSettingsSection[] }) {
  const groupId = useParams().groupId ?? '';
  const group = useGroupOrLeave(groupId);
  if (!group.data) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4" aria-busy="true">
        <span className="sr-only" role="status">
          {sv.shell.loading}
        </span>
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageTitle page={`${texts.title} · ${group.data.name}`} />
      <header className="flex flex-col gap-4">
        <Button variant="ghost" size="sm" asChild className="w-fit">
          <Link to={`/app/group/${group.data.id}`}>
            <ArrowLeftIcon aria-hidden />
            {texts.back}
          </Link>
        </Button>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h1 className="text-2xl font-semibold tracking-tight">{texts.title}</h1>
            <p className="truncate text-muted-foreground">{group.data.name}</p>
          </div>
          {mayManageInvites(group.data).ok ? <InviteDialog group={group.data} variant="default" /> : null}
        </div>
      </header>
      {sections.map(({ id, Content }) => (
        <Content key={id} group={group.data} />
      ))}
    </div>
  );
}
