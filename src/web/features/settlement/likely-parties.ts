import type { MemberBalanceDto } from '#shared/api/settlement.ts';

type Balance = Pick<MemberBalanceDto, 'memberId' | 'balanceOre'>;

/** The member furthest on one side: most owed (sign 1) or owing most (sign −1), or '' when no one is. */
function furthest(balances: ReadonlyArray<Balance>, sign: 1 | -1): string {
  let best: Balance | undefined;
  for (const b of balances)
    if (sign * b.balanceOre > 0 && (!best || sign * b.balanceOre > sign * best.balanceOre)) best = b;
  return best?.memberId ?? '';
}

/**
 * Who most likely paid whom as "Registrera betalning" opens: someone who owes pays the member owed most; someone owed
 * is paid by the member who owes most. Someone even is the payer and chooses the recipient.
 */
export function likelyParties(
  balances: ReadonlyArray<Balance>,
  me: string,
): { fromMemberId: string; toMemberId: string } {
  const mine = balances.find((b) => b.memberId === me)?.balanceOre ?? 0;
  const others = balances.filter((b) => b.memberId !== me);
  if (mine < 0) return { fromMemberId: me, toMemberId: furthest(others, 1) };
  if (mine > 0) return { fromMemberId: furthest(others, -1), toMemberId: me };
  return { fromMemberId: me, toMemberId: '' };
}
