import { ArrowRightIcon, CopyIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { ProposedTransfer } from '#shared/api/settlement.ts';
import { formatPhone } from '#shared/domain/phone.ts';
import { formatMoney } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { fill } from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { toast } from '../../lib/toast.ts';
import { personName } from './balance-list.tsx';
import { RemindButton } from './remind-button.tsx';
import { SwishBlock, useIsPhone } from './swish-block.tsx';

const texts = sv.settlement;

interface Props {
  groupId: string;
  transfer: ProposedTransfer;
  currency: string;
  groupName: string;
  myMemberId: string;
  /** Marked paid during this visit: the row keeps saying so after the plan no longer lists it. */
  paid: boolean;
  marking: boolean;
  onMarkPaid: () => void;
}

/**
 * One proposed payment: who pays whom how much, how to reach the recipient, the payer's "Markera som betald" and
 * the recipient's "Påminn".
 */
export function TransferCard({ groupId, transfer, currency, groupName, myMemberId, paid, marking, onMarkPaid }: Props) {
  const from = personName(transfer.fromName);
  const to = personName(transfer.toName);
  const mine = transfer.fromMemberId === myMemberId;
  return (
    <li className="grid gap-3 rounded-lg border bg-card p-3 sm:p-4" data-testid="transfer">
      <div className="flex items-start justify-between gap-3">
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 font-medium break-words">
          <span className="sr-only">{fill(texts.transferLine, { from, to })}</span>
          <span aria-hidden data-testid="transfer-from">
            {from}
          </span>
          {mine ? (
            <span aria-hidden className="font-normal text-muted-foreground">
              ({texts.you})
            </span>
          ) : null}
          <ArrowRightIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span aria-hidden data-testid="transfer-to">
            {to}
          </span>
          {transfer.toMemberId === myMemberId ? (
            <span aria-hidden className="font-normal text-muted-foreground">
              ({texts.you})
            </span>
          ) : null}
        </p>
        <p className="shrink-0 text-lg font-semibold whitespace-nowrap tabular-nums" data-testid="transfer-amount">
          {formatMoney(transfer.amountOre, currency)}
        </p>
      </div>
      {paid ? null : (
        <Recipient
          transfer={transfer}
          to={to}
          currency={currency}
          groupName={groupName}
          mine={mine}
          myMemberId={myMemberId}
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        {paid ? (
          <p className="font-medium text-positive" role="status">
            {texts.paid}
          </p>
        ) : transfer.canMarkPaid ? (
          <Button onClick={onMarkPaid} disabled={marking} className="max-md:w-full">
            {texts.markPaid}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{fill(texts.onlyPayerMarks, { name: from })}</p>
        )}
        {!paid && transfer.canRemind ? (
          <RemindButton groupId={groupId} transfer={transfer} currency={currency} />
        ) : null}
      </div>
    </li>
  );
}

interface RecipientProps {
  transfer: ProposedTransfer;
  to: string;
  currency: string;
  groupName: string;
  mine: boolean;
  myMemberId: string;
}

function Recipient({ transfer, to, currency, groupName, mine, myMemberId }: RecipientProps) {
  const phone = transfer.toPhone;
  const payingByPhone = useIsPhone();
  if (!phone) {
    if (transfer.toMemberId === myMemberId) {
      return (
        <p className="text-sm text-muted-foreground">
          {texts.noPhoneSelf}{' '}
          <Link to="/app/settings" className="font-medium text-foreground underline underline-offset-4">
            {texts.addPhone}
          </Link>
        </p>
      );
    }
    // A person without an account (decision 056) has no profile to add a number to.
    const missing = transfer.toUserId === null ? texts.noAccountOther : texts.noPhoneOther;
    return <p className="text-sm text-muted-foreground">{fill(missing, { name: to })}</p>;
  }
  const swish = mine ? (
    <SwishBlock phone={phone} name={to} amountOre={transfer.amountOre} currency={currency} groupName={groupName} />
  ) : null;
  return (
    // On a phone the payer's Swish button leads; the number and its copy button follow for paying another way.
    <div className="flex flex-col gap-3">
      {swish ? <div className={cn(payingByPhone && 'order-first')}>{swish}</div> : null}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-2 text-sm">
        <span className="text-muted-foreground">{fill(texts.phoneOf, { name: to })}:</span>
        <span className="font-medium tabular-nums" data-testid="recipient-phone">
          {formatPhone(phone)}
        </span>
        <Button variant="outline" onClick={() => void copy(phone)} className="max-md:w-full">
          <CopyIcon aria-hidden />
          {texts.copyPhone}
        </Button>
      </div>
    </div>
  );
}

async function copy(phone: string) {
  try {
    await navigator.clipboard.writeText(phone);
    toast.success(texts.phoneCopied);
  } catch {
    toast.error(texts.copyFailed);
  }
}
