import * as sv from '#shared/i18n/sv.ts';
import { GroupView, type GroupTab } from '../features/groups/group-view.tsx';
import { GroupTour } from '../features/onboarding/group-tour.tsx';
import { MembersTab } from '../features/groups/member-list.tsx';
import { AttachmentsTab } from '../features/expenses/attachments-tab.tsx';
import { ReceiptsTab } from '../features/expenses/receipts-tab.tsx';
import { BalanceTab } from '../features/settlement/balance-tab.tsx';

/**
 * The group page's tabs, in SPEC order: Balans, Kvitton, Bilagor, Medlemmar. Each feature adds its tab here with one
 * line at its place in that order: features/settlement the Balans tab (first), features/expenses Kvitton and Bilagor
 * (before Medlemmar). The first tab present is the default. Header buttons such as the guide go in `headerExtras`.
 * A tab whose code is heavy (forms, zod) can be given as React.lazy so it stays off the page's first load.
 */
const tabs: readonly GroupTab[] = [
  { id: 'balance', label: sv.groups.page.tabs.balance, Content: BalanceTab },
  { id: 'receipts', label: sv.groups.page.tabs.receipts, Content: ReceiptsTab },
  { id: 'attachments', label: sv.groups.page.tabs.attachments, Content: AttachmentsTab },
  { id: 'members', label: sv.groups.page.tabs.members, Content: MembersTab },
];

/** /app/group/{id}: composed here because it shows several features side by side. */
export function Component() {
  return (
    <GroupView
      tabs={tabs}
      headerExtras={(group) => (
        <GroupTour key={group.id} groupId={group.id} receiptCount={group.receiptCount} isSettled={group.isSettled} />
      )}
    />
  );
}
