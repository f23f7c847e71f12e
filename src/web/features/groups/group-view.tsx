import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { ArrowLeftIcon, PlusIcon, SettingsIcon } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { GroupDetail } from '#shared/api/groups.ts';
import { mayManageInvites } from '#shared/domain/policies.ts';
import * as sv from '#shared/i18n/sv.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { isStalled, PageUnavailable } from '../../components/page-unavailable.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/feedback.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { preloadable } from '../../lib/preloadable.tsx';
import { countText } from './count-text.ts';
import { GroupImage } from './group-avatar.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { useGroupOrLeave } from './use-group.ts';

type TabContent = ComponentType<{ group: GroupDetail }>;

/**
 * One tab of the group page; its content gets the loaded group (currency, settled state, the caller's member id…).
 * Only the open tab renders, inside a Suspense boundary, so a tab made with `lazyTab` loads its code when opened.
 */
export interface GroupTab {
  /** Also the `?tab=` value in the URL, so a reload or a shared link opens the same tab. */
  id: string;
  label: string;
  Content: TabContent;
  /** Fetches a lazy tab's code ahead of its opening. */
  preload?: () => void;
  /** The same, settling once the code has arrived (or failed to). */
  ready?: () => Promise<void>;
  /** Whether the code has arrived. */
  isReady?: () => boolean;
  /** Shown while a lazy tab's code loads: best the tab's own loading state, so the tab does not jump. */
  fallback?: ReactNode;
}

/**
 * A tab whose code is fetched on demand (React.lazy): the open tab's as the page starts, beside the group's data, the
 * others once the page shows or when their trigger is hovered or focused. Keeps each tab off the page's first load.
 * A tab whose code has arrived renders at once, without its fallback (`preloadable`).
 */
export function lazyTab(
  tab: Omit<GroupTab, 'Content' | 'preload' | 'ready' | 'isReady'>,
  load: () => Promise<TabContent>,
): GroupTab {
  const { Component, preload, isLoaded } = preloadable(load);
  return { ...tab, Content: Component, preload: () => void preload(), ready: preload, isReady: isLoaded };
}

/** The open tab's code at once, the other tabs' after the group has shown. */
function usePreloadedTabs(tabs: readonly GroupTab[], current: string | undefined, shown: boolean) {
  useEffect(() => {
    tabs.find((tab) => tab.id === current)?.preload?.();
  }, [tabs, current]);
  useEffect(() => {
    if (shown) for (const tab of tabs) tab.preload?.();
  }, [tabs, shown]);
}

/**
 * Whether the tab the page opened on may show: once its code has arrived or failed to. Until then the page keeps its
 * skeleton rather than showing the group with the tab's fallback, which React would hold on screen for 300 ms
 * after the code arrived (decision 077). Only the first showing waits; another tab opened later shows its fallback.
 */
function useOpenTabCode(tab: GroupTab | undefined): boolean {
  const [arrived, setArrived] = useState(() => !tab?.ready || tab.isReady?.() === true);
  useEffect(() => {
    if (arrived || !tab?.ready) return;
    let live = true;
    void tab.ready().then(() => {
      if (live) setArrived(true);
    });
    return () => {
      live = false;
    };
  }, [arrived, tab]);
  return arrived;
}

interface Props {
  tabs: readonly GroupTab[];
  /** Extra header buttons before Settings (e.g. the guide's "visa guiden igen"); a function gets the loaded group. */
  headerExtras?: ReactNode | ((group: GroupDetail) => ReactNode);
}

/** /app/group/{id}: header with counts and actions, then the tabs the composition in app/ hands in. */
export function GroupView({ tabs, headerExtras }: Props) {
  const groupId = useParams().groupId ?? '';
  const group = useGroupOrLeave(groupId);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current = tabs.find((tab) => tab.id === requested)?.id ?? tabs[0]?.id;
  const tabCode = useOpenTabCode(tabs.find((tab) => tab.id === current));
  usePreloadedTabs(tabs, current, group.data !== undefined);
  if (isStalled(group)) return <PageUnavailable onRetry={() => void group.refetch()} />;
  if (!group.data || !tabCode) return <GroupSkeleton />;
  const select = (id: string) =>
    setParams((previous) => ({ ...Object.fromEntries(previous), tab: id }), { replace: true });
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <PageTitle page={group.data.name} />
      <GroupHeader
        group={group.data}
        extras={typeof headerExtras === 'function' ? headerExtras(group.data) : headerExtras}
      />
      <Tabs value={current} onValueChange={select} className="flex flex-col gap-4">
        {/* On a phone the four tabs share the width (two rows below 360 px), so none hides off the edge. */}
        <TabsList
          aria-label={sv.groups.page.tabsLabel}
          className="w-full justify-start overflow-x-auto max-md:grid max-md:h-auto max-md:grid-cols-3 max-[359px]:grid-cols-2 sm:w-fit"
        >
          {tabs.map((tab) => (
            <TabsTrigger key={tab.id} value={tab.id} onPointerEnter={tab.preload} onFocus={tab.preload}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ id, Content, fallback }) => (
          <TabsContent key={id} value={id}>
            <Suspense fallback={fallback ?? <Skeleton className="h-48" />}>
              <Content group={group.data} />
            </Suspense>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function GroupHeader({ group, extras }: { group: GroupDetail; extras: ReactNode }) {
  const texts = sv.groups.page;
  return (
    <header className="flex flex-col gap-4">
      <Button variant="ghost" size="sm" asChild className="w-fit">
        <Link to="/app">
          <ArrowLeftIcon aria-hidden />
          {texts.back}
        </Link>
      </Button>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <GroupImage imageUrl={group.imageUrl} className="size-16 shrink-0 rounded-xl sm:size-20" />
        <div className="grid min-w-0 flex-1 gap-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words">{group.name}</h1>
          {group.description ? <p className="text-muted-foreground">{group.description}</p> : null}
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span data-testid="group-member-count">{countText(sv.groups.counts.members, group.memberCount)}</span>
            <span aria-hidden>·</span>
            <span>{countText(sv.groups.counts.expenses, group.expenseCount)}</span>
            {group.isSettled ? <Badge variant="secondary">{texts.settled}</Badge> : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {extras}
          <Button variant="outline" size="icon" asChild>
            <Link to={`/app/group/${group.id}/settings`} aria-label={texts.settings} title={texts.settings}>
              <SettingsIcon aria-hidden />
            </Link>
          </Button>
          {mayManageInvites(group).ok ? <InviteDialog group={group} /> : null}
          <Button asChild>
            <Link to={`/app/group/${group.id}/expense/new`} data-tour="add-expense">
              <PlusIcon aria-hidden />
              {texts.addExpense}
            </Link>
          </Button>
        </div>
      </div>
    </header>
  );
}

function GroupSkeleton() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6" aria-busy="true">
      <span className="sr-only" role="status">
        {sv.shell.loading}
      </span>
      <Skeleton className="h-8 w-40" />
      <div className="flex gap-4">
        <Skeleton className="size-20 rounded-xl" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-7 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-10 w-80 max-w-full" />
      <Skeleton className="h-48" />
    </div>
  );
}
