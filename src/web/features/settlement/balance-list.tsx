import { ArrowDownLeftIcon, ArrowUpRightIcon, CheckIcon } from 'lucide-react';
import type { MemberBalanceDto } from '#shared/api/settlement.ts';
import { formatSignedMoney } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { cn } from '../../lib/cn.ts';

const texts = sv.settlement;

/** A member's name as the group knows it; someone whose account is gone is still part of its history. */
export const personName = (name: string | null) => name ?? texts.formerMember;

function status(balance: number) {
  if (balance > 0) return { text: texts.getsBack, Icon: ArrowDownLeftIcon, tone: 'text-positive' };
  if (balance < 0) return { text: texts.owes, Icon: ArrowUpRightIcon, tone: 'text-negative' };
  return { text: texts.even, Icon: CheckIcon, tone: 'text-muted-foreground' };
}

/**
 * Each member's balance: green and "ska få tillbaka" when owed, red and "ska betala" when owing, with the sign in
 * the amount too, so no one has to tell the colours apart.
 */
export function BalanceList({
  balances,
  currency,
  myUserId,
}: {
  balances: MemberBalanceDto[];
  currency: string;
  myUserId: string | null;
}) {
  return (
    <ul className="divide-y rounded-lg border bg-card" data-testid="balance-list">
      {balances.map((b) => {
        const { text, Icon, tone } = status(b.balanceOre);
        return (
          <li key={b.memberId} className="flex items-center gap-3 px-3 py-3 sm:px-4" data-testid="balance-row">
            <span className={cn('rounded-full bg-muted p-2', tone)} aria-hidden>
              <Icon className="size-4" />
            </span>
            <div className="grid min-w-0 flex-1">
              <span className="font-medium break-words">
                <span data-testid="balance-name">{personName(b.name)}</span>
                {b.userId !== null && b.userId === myUserId ? (
                  <span className="font-normal text-muted-foreground"> ({texts.you})</span>
                ) : null}
              </span>
              <span className="text-sm text-muted-foreground">
                {text}
                {b.removed ? ` · ${texts.leftGroup}` : null}
                {/* Still in the group without a user: a person added by name only (decision 056). */}
                {!b.removed && b.userId === null ? ` · ${texts.noAccount}` : null}
              </span>
            </div>
            <span className={cn('font-semibold tabular-nums whitespace-nowrap', tone)} data-testid="balance-amount">
              {formatSignedMoney(b.balanceOre, currency)}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
