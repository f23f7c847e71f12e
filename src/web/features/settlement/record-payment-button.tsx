import { Suspense, useState } from 'react';
import { BanknoteIcon } from 'lucide-react';
import type { GroupDetail } from '#shared/api/groups.ts';
import type { MemberBalanceDto } from '#shared/api/settlement.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { errorText } from '../../lib/api.ts';
import { preloadable } from '../../lib/preloadable.tsx';
import { toast } from '../../lib/toast.ts';
import { useDeletePayment } from './queries.ts';

const texts = sv.settlement;
// The form brings react-hook-form and, on first check, zod: fetched when someone reaches for the button.
const recordPaymentDialog = preloadable(() => import('./record-payment-dialog.tsx').then((m) => m.RecordPaymentDialog));
const RecordPaymentDialog = recordPaymentDialog.Component;

interface Props {
  group: GroupDetail;
  balances: MemberBalanceDto[];
  currency: string;
  className?: string;
}

/** "Registrera betalning" and its dialog; the toast that confirms it offers "Ångra", which deletes it again. */
export function RecordPaymentButton({ group, balances, currency, className }: Props) {
  const [open, setOpen] = useState(false);
  const remove = useDeletePayment(group.id);
  // Awaited rather than through mutate's callbacks, which do not run once this button has gone (a settled group).
  const undo = (paymentId: string) =>
    void remove.mutateAsync(paymentId).then(
      () => toast.success(texts.paymentDeleted),
      (error: unknown) => toast.error(texts.deletePaymentFailed, { description: errorText(error) }),
    );
  return (
    <>
      <Button
        variant="outline"
        size="lg"
        className={className}
        onClick={() => setOpen(true)}
        {...recordPaymentDialog.intent}
      >
        <BanknoteIcon aria-hidden />
        {texts.record.open}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <RecordPaymentDialog
            group={group}
            balances={balances}
            currency={currency}
            open={open}
            onOpenChange={setOpen}
            onRecorded={(payment) =>
              toast.success(texts.record.done, {
                action: { label: texts.record.undo, onClick: () => undo(payment.id) },
              })
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
