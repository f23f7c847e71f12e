import { Suspense, useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { HandCoinsIcon, ScaleIcon } from 'lucide-react';
import type { GroupDetail } from '#shared/api/groups.ts';
import type { BalancesResponse } from '#shared/api/settlement.ts';
import { maySettleGroup } from '#shared/domain/policies.ts';
import { formatDateTime } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { fill } from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Alert, EmptyState } from '../../components/ui/feedback.tsx';
import { isStalled, PageUnavailable } from '../../components/page-unavailable.tsx';
import { errorText } from '../../lib/api.ts';
import { preloadable } from '../../lib/preloadable.tsx';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { BalanceList } from './balance-list.tsx';
import { BalanceSkeleton } from './balance-skeleton.tsx';
import { balancesQuery, useSettleGroup } from './queries.ts';
import { RecordPaymentButton } from './record-payment-button.tsx';
import { ReopenButton } from './reopen-button.tsx';

const texts = sv.settlement;
const plural = new Intl.PluralRules('sv-SE');
// The dialog carries the breakdown (and fetches the QR code library when it shows a code): kept off the tab's first
// load, fetched once the tab shows, so it opens at once.
const settlementDialog = preloadable(() => import('./settlement-dialog.tsx').then((m) => m.SettlementDialog));
const SettlementDialog = settlementDialog.Component;

/** The group page's Balans tab: balances, the conversion notice, and the way into the settlement. */
export function BalanceTab({ group }: { group: GroupDetail }) {
  const balances = useQuery(balancesQuery(group.id));
  const myUserId = useSession().session?.user.id ?? null;
  if (isStalled(balances)) return <PageUnavailable onRetry={() => void balances.refetch()} />;
  if (balances.isPending) return <BalanceSkeleton />;
  if (balances.isError) {
    return (
      <Alert variant="error" title={texts.loadFailed}>
        <p>{errorText(balances.error)}</p>
        <Button variant="outline" size="sm" className="w-fit" onClick={() => void balances.refetch()}>
          {texts.retry}
        </Button>
      </Alert>
    );
  }
  const data = balances.data;
  if (data.expenseCount === 0) {
    return <EmptyState icon={<ScaleIcon />} title={texts.empty} description={texts.emptyHint} />;
  }
  return (
    <section aria-labelledby="balance-heading" className="grid gap-4">
      <h2 id="balance-heading" className="text-lg font-semibold">
        {texts.heading}
      </h2>
      {data.isSettled && data.settledAt ? (
        <Alert>{fill(texts.settledNotice, { date: formatDateTime(data.settledAt) })}</Alert>
      ) : null}
      {data.convertedExpenseCount > 0 ? (
        <Alert>{fill(texts.conversionNotice, { currency: data.currency })}</Alert>
      ) : null}
      {data.unratedExpenseCount > 0 ? (
        <Alert variant="error">
          {fill(
            plural.select(data.unratedExpenseCount) === 'one' ? texts.unratedNotice.one : texts.unratedNotice.other,
            {
              count: data.unratedExpenseCount,
              currency: data.currency,
            },
          )}
        </Alert>
      ) : null}
      <BalanceList balances={data.balances} currency={data.currency} myUserId={myUserId} />
      <BalanceActions group={group} data={data} />
    </section>
  );
}

function BalanceActions({ group, data }: { group: GroupDetail; data: BalancesResponse }) {
  const [open, setOpen] = useState(false);
  const balances = data.balances.map((b) => ({ balance: b.balanceOre }));
  const settleable = maySettleGroup({ expenseCount: data.expenseCount, balances }).ok;
  useEffect(() => void settlementDialog.preload(), []);
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      <Button size="lg" onClick={() => setOpen(true)} data-tour="settle">
        <HandCoinsIcon aria-hidden />
        {data.isSettled ? texts.showSettlement : texts.showTransfers}
      </Button>
      {data.isSettled ? (
        <ReopenButton groupId={group.id} />
      ) : (
        <RecordPaymentButton group={group} balances={data.balances} currency={data.currency} />
      )}
      {!data.isSettled && settleable ? <SettleGroupButton groupId={group.id} /> : null}
      {open ? (
        <Suspense fallback={null}>
          <SettlementDialog group={group} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Decision 022: a group whose balances are already all zero can be closed without any payment. */
function SettleGroupButton({ groupId }: { groupId: string }) {
  const settle = useSettleGroup(groupId);
  // Gone from the page once the group shows as settled, which can come before the answer: see ReopenButton.
  const run = () =>
    settle.mutateAsync().then(
      () => toast.success(texts.groupSettled),
      (error: unknown) => toast.error(errorText(error)),
    );
  return (
    <Button variant="outline" size="lg" onClick={run} disabled={settle.isPending}>
      {texts.markGroupSettled}
    </Button>
  );
}
