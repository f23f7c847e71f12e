import { useState } from 'react';
import { BellRingIcon, CheckIcon } from 'lucide-react';
import type { ProposedTransfer } from '#shared/api/settlement.ts';
import { formatMoney } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { ApiError, errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { personName } from './balance-list.tsx';
import { useRemind } from './queries.ts';

const texts = sv.notifications.remind;

/**
 * The recipient's "Påminn": a notification to the payer's devices, at most once a day per transfer (decision 048).
 * Once sent, or refused because it was sent within the day, the button says so and stays off for this visit.
 */
export function RemindButton({
  groupId,
  transfer,
  currency,
}: {
  groupId: string;
  transfer: ProposedTransfer;
  currency: string;
}) {
  const remind = useRemind(groupId);
  const [done, setDone] = useState(false);
  const send = () =>
    remind.mutate(
      { fromMemberId: transfer.fromMemberId, toMemberId: transfer.toMemberId },
      {
        onSuccess: () => {
          setDone(true);
          toast.success(texts.sent);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'REMINDER_ALREADY_SENT') setDone(true);
          toast.error(texts.failed, { description: errorText(error) });
        },
      },
    );
  if (done) {
    return (
      <Button variant="outline" disabled>
        <CheckIcon aria-hidden />
        {texts.sentLabel}
      </Button>
    );
  }
  const label = sv.fill(texts.label, {
    name: personName(transfer.fromName),
    amount: formatMoney(transfer.amountOre, currency),
  });
  return (
    <Button variant="outline" onClick={send} disabled={remind.isPending} aria-label={label}>
      <BellRingIcon aria-hidden />
      {remind.isPending ? texts.sending : texts.action}
    </Button>
  );
}
