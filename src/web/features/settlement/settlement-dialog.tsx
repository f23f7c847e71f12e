import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GroupDetail } from '#shared/api/groups.ts';
import type { ProposedTransfer, SettlementResponse } from '#shared/api/settlement.ts';
import { formatMoney } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { fill } from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Alert, Skeleton } from '../../components/ui/feedback.tsx';
import { ApiError, errorText } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { BalanceList } from './balance-list.tsx';
import { BreakdownList } from './breakdown-list.tsx';
import { PaymentList } from './payment-list.tsx';
import { settlementQuery, useMarkPaid } from './queries.ts';
import { RecordPaymentButton } from './record-payment-button.tsx';
import { TransferCard } from './transfer-card.tsx';

const texts = sv.settlement;
const sameTransfer = (a: ProposedTransfer, b: ProposedTransfer) =>
  a.fromMemberId === b.fromMemberId && a.toMemberId === b.toMemberId && a.amountOre === b.amountOre;

/** The server's message when it sent one, otherwise "Kunde inte beräkna uppgörelser". */
const calculationError = (error: unknown) =>
  error instanceof ApiError && error.code !== 'INTERNAL' ? errorText(error) : texts.calculationFailed;

interface Props {
  group: GroupDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The settlement dialog: the fewest transfers, Swish, marking paid, balances and the per-expense breakdown. */
export function SettlementDialog({ group, open, onOpenChange }: Props) {
  const settlement = useQuery({ ...settlementQuery(group.id), enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="md:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{texts.dialogTitle}</DialogTitle>
          <DialogDescription>{texts.dialogDescription}</DialogDescription>
        </DialogHeader>
        {settlement.isPending ? <DialogSkeleton /> : null}
        {settlement.isError ? (
          <Alert variant="error" title={calculationError(settlement.error)}>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => void settlement.refetch()}>
              {texts.retry}
            </Button>
          </Alert>
        ) : null}
        {settlement.data ? <SettlementBody group={group} data={settlement.data} /> : null}
        {/* A phone's sheet is long: its way out stays at the thumb's edge while the transfers scroll (decision 049). */}
        <DialogFooter className="md:hidden">
          <DialogClose asChild>
            <Button variant="outline">{sv.shell.close}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function SettlementBody({ group, data }: { group: GroupDetail; data: SettlementResponse }) {
  const myUserId = useSession().session?.user.id ?? null;
  return (
    <div className="grid gap-6">
      <Section id="settlement-transfers" title={texts.transfersHeading}>
        <Transfers group={group} data={data} />
        <OmittedTransfers data={data} />
      </Section>
      <Section id="settlement-payments" title={texts.paymentsHeading}>
        {data.payments.length > 0 ? <PaymentList groupId={group.id} payments={data.payments} /> : null}
        {data.isSettled ? null : (
          <RecordPaymentButton
            group={group}
            balances={data.balances}
            currency={data.currency}
            className="w-full sm:w-fit"
          />
        )}
      </Section>
      <Section id="settlement-balances" title={texts.balancesHeading}>
        <BalanceList balances={data.balances} currency={data.currency} myUserId={myUserId} />
      </Section>
      <Section id="settlement-breakdown" title={texts.breakdownHeading}>
        <BreakdownList groupId={group.id} first={data.breakdown} currency={data.currency} />
      </Section>
    </div>
  );
}

function Transfers({ group, data }: { group: GroupDetail; data: SettlementResponse }) {
  const markPaid = useMarkPaid(group.id);
  // Marked during this visit: they stay on screen as "✓ Betald" after the recomputed plan drops them.
  const [paid, setPaid] = useState<ProposedTransfer[]>([]);
  const open = data.transfers.filter((t) => !paid.some((p) => sameTransfer(p, t)));
  // The viewer's own payments first: those are the ones they act on.
  const shown = [...paid, ...open.filter((t) => t.canMarkPaid), ...open.filter((t) => !t.canMarkPaid)];
  const mark = (transfer: ProposedTransfer) =>
    markPaid.mutate(
      { fromMemberId: transfer.fromMemberId, toMemberId: transfer.toMemberId, amountOre: transfer.amountOre },
      {
        onSuccess: () => {
          setPaid((previous) => [...previous, transfer]);
          toast.success(texts.markedPaid);
        },
        onError: (error) => toast.error(texts.markPaidFailed, { description: errorText(error) }),
      },
    );
  if (shown.length === 0)
    return data.omittedTransfers.count > 0 ? null : <p className="text-muted-foreground">{texts.noTransfers}</p>;
  return (
    <ul className="grid gap-3">
      {shown.map((transfer) => (
        <TransferCard
          key={`${transfer.fromMemberId}-${transfer.toMemberId}-${transfer.amountOre}`}
          groupId={group.id}
          transfer={transfer}
          currency={data.currency}
          groupName={group.name}
          myMemberId={data.myMemberId}
          paid={paid.some((p) => sameTransfer(p, transfer))}
          marking={markPaid.isPending}
          onMarkPaid={() => mark(transfer)}
        />
      ))}
    </ul>
  );
}

/** The transfers the group's threshold leaves out, stated with their count and sum so no money goes unseen. */
function OmittedTransfers({ data }: { data: SettlementResponse }) {
  const { count, totalOre } = data.omittedTransfers;
  if (count === 0) return null;
  const values = {
    threshold: formatMoney(data.minTransferOre, data.currency),
    count,
    total: formatMoney(totalOre, data.currency),
  };
  const text = data.transfers.length > 0 ? texts.threshold.statement : texts.threshold.allBelow;
  return (
    <p className="text-sm text-muted-foreground" data-testid="omitted-transfers">
      {fill(text, values)}
    </p>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function DialogSkeleton() {
  return (
    <div className="grid gap-3" aria-busy="true">
      <span className="sr-only" role="status">
        {sv.shell.loading}
      </span>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} className="h-24" />
      ))}
    </div>
  );
}
