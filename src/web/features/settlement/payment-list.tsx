import { useState } from 'react';
import { Trash2Icon } from 'lucide-react';
import type { RecordedPayment } from '#shared/api/settlement.ts';
import { formatDate, formatMoney } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { fill } from '#shared/i18n/sv.ts';
import { ConfirmRemovalDialog } from '../../components/confirm-removal-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { personName } from './balance-list.tsx';
import { useDeletePayment } from './queries.ts';

const texts = sv.settlement;

/** How a payment went: the method said when it was recorded, or that it was a proposed transfer marked paid. */
const howPaid = (payment: RecordedPayment) =>
  payment.method ? texts.methods[payment.method] : texts.markedFromProposal;

/**
 * "Betalningar": every payment made, the latest day first, with who paid whom, how much, the day, how and the note;
 * "Ta bort" for those the viewer may delete (decision 059).
 */
export function PaymentList({ groupId, payments }: { groupId: string; payments: RecordedPayment[] }) {
  const [removing, setRemoving] = useState<RecordedPayment | null>(null);
  const remove = useDeletePayment(groupId);
  // Awaited rather than through mutate's callbacks: deleting the last payment unmounts this list before they run.
  const confirm = (payment: RecordedPayment) =>
    remove.mutateAsync(payment.id).then(
      () => {
        toast.success(texts.paymentDeleted);
        setRemoving(null);
      },
      (error: unknown) => toast.error(texts.deletePaymentFailed, { description: errorText(error) }),
    );
  return (
    <>
      <ul className="divide-y rounded-lg border bg-card" data-testid="payment-list">
        {payments.map((p) => {
          const from = personName(p.fromName);
          const to = personName(p.toName);
          return (
            <li key={p.id} className="flex items-start gap-3 px-3 py-3 sm:px-4" data-testid="payment">
              <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
                <p className="font-medium break-words">{fill(texts.transferLine, { from, to })}</p>
                <p className="text-muted-foreground">
                  {formatDate(p.paidOn)} · {howPaid(p)}
                  {p.recordedByName ? ` · ${fill(texts.recordedBy, { name: p.recordedByName })}` : null}
                </p>
                {p.note ? <p className="break-words whitespace-pre-line">{p.note}</p> : null}
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <span className="font-semibold whitespace-nowrap tabular-nums" data-testid="payment-amount">
                  {formatMoney(p.amountOre, p.currency)}
                </span>
                {p.canDelete ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={fill(texts.deletePaymentLabel, { from, to })}
                    onClick={() => setRemoving(p)}
                  >
                    <Trash2Icon aria-hidden />
                    {texts.deletePayment}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmRemovalDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={texts.deletePaymentTitle}
        description={
          removing
            ? fill(texts.deletePaymentText, {
                amount: formatMoney(removing.amountOre, removing.currency),
                from: personName(removing.fromName),
                to: personName(removing.toName),
              })
            : ''
        }
        cancelLabel={texts.cancel}
        actionLabel={texts.deletePaymentConfirm}
        pending={remove.isPending}
        onConfirm={() => (removing ? void confirm(removing) : undefined)}
      />
    </>
  );
}
