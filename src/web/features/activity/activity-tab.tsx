import { useId } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  ArrowLeftRightIcon,
  CheckCircle2Icon,
  HistoryIcon,
  PencilIcon,
  PlusIcon,
  Trash2Icon,
  UserMinusIcon,
  UserPlusIcon,
} from 'lucide-react';
import type { ComponentType } from 'react';
import type { EventData } from '#shared/api/activity.ts';
import type { GroupDetail } from '#shared/api/groups.ts';
import { formatDateTime } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { LoadMoreButton } from '../../components/load-more.tsx';
import { isStalled, PageUnavailable } from '../../components/page-unavailable.tsx';
import { Alert, EmptyState } from '../../components/ui/feedback.tsx';
import { ActivitySkeleton } from './activity-skeleton.tsx';
import { errorText } from '../../lib/api.ts';
import { describeEvent } from './event-text.ts';
import { activityPagesQuery } from './queries.ts';

const texts = sv.activity;

const ICONS: Record<EventData['kind'], ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  expense_added: PlusIcon,
  expense_changed: PencilIcon,
  expense_deleted: Trash2Icon,
  payment_recorded: ArrowLeftRightIcon,
  payment_deleted: Trash2Icon,
  member_joined: UserPlusIcon,
  member_left: UserMinusIcon,
  member_removed: UserMinusIcon,
  person_added: UserPlusIcon,
  person_renamed: PencilIcon,
  person_removed: UserMinusIcon,
  person_claimed: UserPlusIcon,
  group_renamed: PencilIcon,
  group_settled: CheckCircle2Icon,
  group_reopened: HistoryIcon,
};

/** The Händelser tab: who added, changed or deleted what, payments, members and renames, newest first, live. */
export function ActivityTab({ group }: { group: GroupDetail }) {
  const events = useInfiniteQuery(activityPagesQuery(group.id));
  const headingId = useId();
  const shown = events.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <section className="grid gap-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {texts.heading}
      </h2>
      {!events.data ? (
        events.isError ? (
          <Alert variant="error" title={texts.loadFailed}>
            {errorText(events.error)}
          </Alert>
        ) : isStalled(events) ? (
          <PageUnavailable onRetry={() => void events.refetch()} />
        ) : (
          <ActivitySkeleton />
        )
      ) : shown.length === 0 ? (
        <EmptyState icon={<HistoryIcon />} title={texts.empty} />
      ) : (
        <>
          <ol className="grid rounded-xl border bg-card" aria-label={texts.heading}>
            {shown.map((item) => {
              const { text, details } = describeEvent(item);
              const Icon = ICONS[item.event.kind];
              return (
                <li key={item.id} className="flex gap-3 border-b px-4 py-3 last:border-b-0" data-testid="event">
                  <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-muted">
                    <Icon aria-hidden className="size-4 text-muted-foreground" />
                  </span>
                  <div className="grid min-w-0 gap-0.5">
                    <p className="text-sm break-words">{text}</p>
                    {details.map((line) => (
                      <p key={line} className="text-sm text-muted-foreground tabular-nums">
                        {line}
                      </p>
                    ))}
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={item.at}>{formatDateTime(item.at)}</time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
          <LoadMoreButton query={events} label={texts.showMore} busyLabel={texts.loadingMore} />
        </>
      )}
    </section>
  );
}
