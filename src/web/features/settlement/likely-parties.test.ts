import { describe, expect, it } from 'vitest';
import { likelyParties } from './likely-parties.ts';

const balances = [
  { memberId: 'anna', balanceOre: 20_700 },
  { memberId: 'bo', balanceOre: -20_000 },
  { memberId: 'cia', balanceOre: -700 },
  { memberId: 'dan', balanceOre: 0 },
];

describe('who the payment dialog starts with', () => {
  it('has someone who owes pay the member owed most', () => {
    expect(likelyParties(balances, 'cia')).toEqual({ fromMemberId: 'cia', toMemberId: 'anna' });
  });

  it('has someone who is owed be paid by the member who owes most', () => {
    expect(likelyParties(balances, 'anna')).toEqual({ fromMemberId: 'bo', toMemberId: 'anna' });
  });

  it('leaves the recipient to choose for someone who is even', () => {
    expect(likelyParties(balances, 'dan')).toEqual({ fromMemberId: 'dan', toMemberId: '' });
  });
});
