import * as sv from '#shared/i18n/sv.ts';
import { lazyTab, GroupView, type GroupTab } from '../features/groups/group-view.tsx';
import { MembersSkeleton } from '../features/groups/members-skeleton.tsx';
import { ActivitySkeleton } from '../features/activity/activity-skeleton.tsx';
import { GroupTour } from '../features/onboarding/group-tour.tsx';
import { AttachmentsSkeleton, ExpensesTabSkeleton } from '../features/expenses/tab-skeletons.tsx';
import { BalanceSkeleton } from '../features/settlement/balance-skeleton.tsx';
import type { PageAddress } from './router.tsx';

/**
 * The group page's tabs, in this order: Balans, Kvitton, Bilagor, Medlemmar, Händelser. Each feature adds its tab here with one
 * line at its place in that order: features/settlement the Balans tab (first), features/expenses Kvitton and Bilagor
 * (before Medlemmar). The first tab present is the default. Header buttons such as the guide go in `headerExtras`.
 * Every tab is lazy, with its loading state as fallback: only the open tab's code is on the way to the first paint
 * (`npm run size` counts the default tab with the page, decision 007).
 */
const tabs: readonly GroupTab[] = [
  lazyTab({ id: 'balance', label: sv.groups.page.tabs.balance, fallback: <BalanceSkeleton /> }, () =>
    import('../features/settlement/balance-tab.tsx').then((m) => m.BalanceTab),
  ),
  lazyTab({ id: 'receipts', label: sv.groups.page.tabs.receipts, fallback: <ExpensesTabSkeleton /> }, () =>
    import('../features/expenses/expenses-tab.tsx').then((m) => m.ExpensesTab),
  ),
  lazyTab({ id: 'attachments', label: sv.groups.page.tabs.attachments, fallback: <AttachmentsSkeleton /> }, () =>
    import('../features/expenses/attachments-tab.tsx').then((m) => m.AttachmentsTab),
  ),
  lazyTab({ id: 'members', label: sv.groups.page.tabs.members, fallback: <MembersSkeleton /> }, () =>
    import('../features/groups/members-tab.tsx').then((m) => m.MembersTab),
  ),
  lazyTab({ id: 'activity', label: sv.activity.tab, fallback: <ActivitySkeleton /> }, () =>
    import('../features/activity/activity-tab.tsx').then((m) => m.ActivityTab),
  ),
];

/**
 * Fetches the code of the tab the address opens (`?tab=`, the first for none) as the page starts, settling once it
 * is there, so the first render can wait for it as for the page's own code (decision 077).
 */
export function preload({ search }: PageAddress): Promise<void> | undefined {
  const requested = new URLSearchParams(search).get('tab');
  return (tabs.find((tab) => tab.id === requested) ?? tabs[0])?.ready?.();
}

/** /app/group/{id}: composed here because it shows several features side by side. */
export function Component() {
  return (
    <GroupView
      tabs={tabs}
      headerExtras={(group) => (
        <GroupTour
          key={group.id}
          groupId={group.id}
          expenseCount={group.expenseCount}
          isSettled={group.isSettled}
          isOwner={group.isOwner}
        />
      )}
    />
  );
}
