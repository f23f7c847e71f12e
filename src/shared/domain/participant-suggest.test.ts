import { describe, expect, it } from 'vitest';
import { suggestParticipants } from './participant-suggest.ts';
import type { SuggestHistoryEntry, SuggestQuery } from './participant-suggest.ts';
import { historyFacts } from './participant-suggest-history.ts';
import { compareMerchants, merchantTokens } from './participant-suggest-merchant.ts';
import { presenceChances } from './participant-suggest-presence.ts';
import { conditionOnHeadcount } from './participant-suggest-size.ts';
import { createPrng, pick, randomInt, shuffled } from './testing/prng.ts';

type Spec = Partial<SuggestHistoryEntry> & { who: string[] };

/** A history entry; dates count days from 2025-03-03 (a Monday) so weekday patterns are easy to write. */
function entry(day: number, spec: Spec): SuggestHistoryEntry {
  const date = new Date(Date.UTC(2025, 2, 3 + day)).toISOString().slice(0, 10);
  const { who, ...rest } = spec;
  return {
    merchant: 'ICA Maxi',
    category: 'mat',
    amount: 50_000,
    date,
    payerId: who[0] as string,
    participantIds: who,
    ...rest,
  };
}

function query(day: number, q: Partial<SuggestQuery>): SuggestQuery {
  const date = new Date(Date.UTC(2025, 2, 3 + day)).toISOString().slice(0, 10);
  return { merchant: 'ICA Maxi', category: 'mat', amount: 50_000, date, ...q };
}

describe('merchant normalisation', () => {
  it('reads the ways people type one shop as the same shop or the same shop with its branch', () => {
    const base = merchantTokens('ICA Maxi');
    for (const typed of [
      'ica maxi',
      'ICA MAXI AB',
      'ICA-Maxi.',
      '  ICA   Maxi ',
      'ICA MAXI 4312',
      'ICA Maxi Stormarknad',
    ]) {
      expect(compareMerchants(base, merchantTokens(typed)), typed).toBe('same');
    }
    expect(compareMerchants(base, merchantTokens('ica maxi lindhagen'))).toBe('branch');
    expect(compareMerchants(base, merchantTokens('ICA'))).toBe('branch');
    expect(compareMerchants(base, merchantTokens('ICA Nära'))).toBe('chain');
    expect(compareMerchants(base, merchantTokens('Willys'))).toBe('none');
  });

  it('ignores Swedish letters, accents and apostrophes, and forgives one typo only in longer names', () => {
    expect(merchantTokens('Åhléns City')).toEqual(['ahlens', 'city']);
    expect(compareMerchants(merchantTokens('Handlar’n'), merchantTokens('handlarn'))).toBe('same');
    expect(compareMerchants(merchantTokens('Systembolaget'), merchantTokens('Systembolgaet'))).toBe('same');
    expect(compareMerchants(merchantTokens('Max'), merchantTokens('Mix'))).toBe('none');
    expect(merchantTokens(' - ')).toEqual([]);
    expect(compareMerchants([], merchantTokens('ICA'))).toBe('none');
  });
});

describe('head-count conditioning', () => {
  it('makes the chances add up to the head count the amount is certain of, each staying in [0, 1]', () => {
    const prng = createPrng(7);
    for (let round = 0; round < 200; round += 1) {
      const chances = Array.from({ length: randomInt(prng, 1, 12) }, () => 0.01 + 0.98 * prng());
      const count = randomInt(prng, 1, chances.length);
      const onlyCount = Array.from({ length: chances.length + 1 }, (_, k) => (k === count ? 1 : 0));
      const conditioned = conditionOnHeadcount(chances, onlyCount);
      expect(conditioned.reduce((a, b) => a + b, 0)).toBeCloseTo(count, 9);
      for (const c of conditioned) {
        expect(c).toBeGreaterThanOrEqual(0);
        expect(c).toBeLessThanOrEqual(1 + 1e-12);
      }
    }
  });

  it('keeps the order of the chances: a likelier member stays at least as likely after conditioning', () => {
    const conditioned = conditionOnHeadcount([0.9, 0.6, 0.3, 0.1], [0, 0, 1, 0, 0]);
    expect(conditioned[0]).toBeGreaterThan(conditioned[1] as number);
    expect(conditioned[1]).toBeGreaterThan(conditioned[2] as number);
    expect(conditioned[2]).toBeGreaterThan(conditioned[3] as number);
  });
});

describe('presence', () => {
  it('reads a colleague missing from two weeks of lunches as probably away, and the others as around', () => {
    const team = ['amir', 'beata', 'cornelia', 'david', 'elsa', 'fredrik'];
    const prng = createPrng(7);
    const history: SuggestHistoryEntry[] = [];
    for (let week = 0; week < 12; week += 1) {
      for (let weekday = 0; weekday < 5; weekday += 1) {
        const who = team.filter((id) => !(id === 'fredrik' && week >= 10) && prng() < (id === 'fredrik' ? 0.85 : 0.6));
        if (who.length < 2) continue;
        history.push(entry(week * 7 + weekday, { merchant: 'Vapiano', who, amount: 13_000 * who.length }));
      }
    }
    const facts = historyFacts(history);
    const memberOf = Int32Array.from(facts.idNumber.keys(), (id) => team.indexOf(id));
    const firstSeen = team.map((id) => facts.firstSeen[facts.idNumber.get(id) as number] as number);
    const here = presenceChances(facts, memberOf, firstSeen, facts.latestDay + 3);
    expect(here[5]).toBeLessThan(0.5);
    for (const chance of here.slice(0, 5)) expect(chance).toBeGreaterThan(0.85);
  });
});

describe('suggestParticipants', () => {
  it('suggests everyone when the group has no history yet', () => {
    expect(suggestParticipants([], ['a', 'b', 'c'], query(0, { payerId: 'b' }))).toEqual(['a', 'b', 'c']);
  });

  it('returns an empty list only for a group without members, and drops duplicate member ids', () => {
    expect(suggestParticipants([entry(0, { who: ['a'] })], [], query(1, {}))).toEqual([]);
    expect(suggestParticipants([], ['a', 'b', 'a'], query(0, {}))).toEqual(['a', 'b']);
  });

  it('learns that the couple shares the groceries while the whole flat shares the rent', () => {
    const history: SuggestHistoryEntry[] = [];
    for (let week = 0; week < 8; week += 1) {
      history.push(entry(week * 7, { merchant: 'ICA Maxi', who: ['anna', 'erik'], amount: 80_000 + week * 1_000 }));
      history.push(
        entry(week * 7 + 3, { merchant: 'Hyra', category: 'logi', who: ['erik', 'anna', 'sara'], amount: 1_500_000 }),
      );
    }
    const members = ['anna', 'erik', 'sara'];
    expect(
      suggestParticipants(
        history,
        members,
        query(60, { merchant: 'ica maxi lindhagen', amount: 85_000, payerId: 'anna' }),
      ),
    ).toEqual(['anna', 'erik']);
    expect(
      suggestParticipants(
        history,
        members,
        query(61, { merchant: 'HYRA', category: 'logi', amount: 1_500_000, payerId: 'erik' }),
      ),
    ).toEqual(members);
  });

  it('fills each car with its own passengers, told apart by who paid for the fuel', () => {
    const carA = ['alex', 'bella', 'calle'];
    const carB = ['disa', 'ebba', 'filip'];
    const history: SuggestHistoryEntry[] = [
      entry(0, { merchant: 'Airbnb', category: 'logi', who: [...carA, ...carB], amount: 900_000 }),
    ];
    for (let day = 0; day < 4; day += 1) {
      history.push(
        entry(day, {
          merchant: pick(createPrng(day), ['Circle K', 'OKQ8', 'Preem']),
          category: 'transport',
          who: carA,
          amount: 70_000,
        }),
      );
      history.push(entry(day, { merchant: 'Ingo', category: 'transport', who: carB, amount: 65_000 }));
      history.push(entry(day, { merchant: `Restaurang ${day}`, who: [...carA, ...carB], amount: 240_000 }));
    }
    const members = [...carA, ...carB];
    expect(
      suggestParticipants(
        history,
        members,
        query(5, { merchant: 'St1', category: 'transport', amount: 72_000, payerId: 'alex' }),
      ),
    ).toEqual(carA);
    expect(
      suggestParticipants(
        history,
        members,
        query(5, { merchant: 'St1', category: 'transport', amount: 72_000, payerId: 'disa' }),
      ),
    ).toEqual(carB);
  });

  it('leaves the payer out when they always buy this for someone else', () => {
    const history = [0, 9, 20, 33, 41].map((day) =>
      entry(day, { merchant: 'Apotek Hjärtat', category: 'övrigt', payerId: 'anna', who: ['erik'], amount: 15_000 }),
    );
    history.push(...[2, 5, 12, 16].map((day) => entry(day, { who: ['anna', 'erik'] })));
    expect(
      suggestParticipants(
        history,
        ['anna', 'erik'],
        query(50, { merchant: 'Apotek Hjärtat', category: 'övrigt', payerId: 'anna', amount: 18_000 }),
      ),
    ).toEqual(['erik']);
  });

  it('leaves out a colleague on the weekday they work from home', () => {
    const history: SuggestHistoryEntry[] = [];
    for (let week = 0; week < 10; week += 1) {
      for (let weekday = 0; weekday < 5; weekday += 1) {
        const who = weekday === 4 ? ['amir', 'beata', 'david'] : ['amir', 'beata', 'cornelia', 'david'];
        history.push(
          entry(week * 7 + weekday, {
            merchant: 'Vapiano',
            who,
            payerId: who[week % who.length],
            amount: 13_000 * who.length,
          }),
        );
      }
    }
    const members = ['amir', 'beata', 'cornelia', 'david'];
    const friday = query(74, { merchant: 'Vapiano', payerId: 'beata', amount: 39_000 });
    const tuesday = query(71, { merchant: 'Vapiano', payerId: 'beata', amount: 52_000 });
    expect(suggestParticipants(history, members, friday)).toEqual(['amir', 'beata', 'david']);
    expect(suggestParticipants(history, members, tuesday)).toEqual(members);
  });

  it('reads the head count from the amount when the price per head is steady', () => {
    const history: SuggestHistoryEntry[] = [];
    const regulars = ['hanna', 'isak'];
    for (let day = 0; day < 30; day += 1) {
      const who =
        day % 3 === 0 ? regulars : day % 3 === 1 ? [...regulars, 'julia'] : [...regulars, 'kevin', 'julia', 'linnea'];
      history.push(entry(day, { merchant: 'Thai Garden', who, amount: 12_500 * who.length }));
    }
    const members = ['hanna', 'isak', 'julia', 'kevin', 'linnea'];
    expect(
      suggestParticipants(history, members, query(31, { merchant: 'Thai Garden', amount: 25_000, payerId: 'isak' })),
    ).toEqual(regulars);
    expect(
      suggestParticipants(history, members, query(31, { merchant: 'Thai Garden', amount: 62_500, payerId: 'isak' })),
    ).toEqual(members);
  });

  it('never suggests a former member, and treats a newcomer like everyone else in what everyone shares', () => {
    const history: SuggestHistoryEntry[] = [];
    for (let month = 0; month < 6; month += 1) {
      history.push(
        entry(month * 30, {
          merchant: 'Vattenfall',
          category: 'övrigt',
          who: ['anna', 'erik', 'sara'],
          amount: 60_000,
        }),
      );
      history.push(entry(month * 30 + 2, { merchant: 'Willys', who: ['anna', 'erik'], amount: 70_000 }));
    }
    const members = ['anna', 'erik', 'olle'];
    expect(
      suggestParticipants(
        history,
        members,
        query(181, { merchant: 'Vattenfall', category: 'övrigt', amount: 60_000, payerId: 'anna' }),
      ),
    ).toEqual(members);
    expect(
      suggestParticipants(history, members, query(182, { merchant: 'Willys', amount: 70_000, payerId: 'erik' })),
    ).toEqual(['anna', 'erik']);
  });

  it('always returns a non-empty subset of the members, in member order, for random histories and odd inputs', () => {
    const prng = createPrng(20_260_705);
    const people = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
    const shops = ['ICA', 'Coop', 'Max', 'Systembolaget', '', '!!!', 'Circle K 1234'];
    for (let round = 0; round < 300; round += 1) {
      const history = Array.from({ length: randomInt(prng, 0, 40) }, () => {
        const who = shuffled(prng, people).slice(0, randomInt(prng, 0, 4));
        return {
          merchant: prng() < 0.1 ? null : pick(prng, shops),
          category: prng() < 0.1 ? null : pick(prng, ['mat', 'nöje', 'Transport ']),
          amount: pick(prng, [0, -500, 12_345, 99_900, Number.NaN]),
          date: prng() < 0.1 ? 'not a date' : `2025-0${randomInt(prng, 1, 9)}-${randomInt(prng, 10, 28)}`,
          payerId: pick(prng, people),
          participantIds: prng() < 0.1 ? [...who, ...who] : who,
        };
      });
      const members = shuffled(prng, people).slice(0, randomInt(prng, 1, 6));
      const q = {
        merchant: pick(prng, shops),
        category: pick(prng, ['mat', '']),
        amount: pick(prng, [0, 4_200, Number.NaN]),
        payerId: prng() < 0.5 ? pick(prng, people) : undefined,
        date: prng() < 0.2 ? '2025-02-30' : '2025-10-01',
      };
      const suggested = suggestParticipants(history, members, q);
      expect(suggested.length).toBeGreaterThan(0);
      expect(suggested).toEqual(members.filter((id) => suggested.includes(id)));
      expect(suggestParticipants(history, members, q)).toEqual(suggested);
    }
  });

  it('answers for a 5,000-expense history in under 20 ms (median of repeated runs after a warm-up)', () => {
    const prng = createPrng(5_000);
    const people = Array.from({ length: 12 }, (_, i) => `m${i}`);
    const shops = Array.from({ length: 300 }, (_, i) => `Butik ${i} ${pick(prng, ['AB', 'City', 'Väla', ''])}`);
    const history = Array.from({ length: 5_000 }, (_, i) =>
      entry(Math.floor(i / 4), {
        merchant: pick(prng, shops),
        amount: randomInt(prng, 1_000, 400_000),
        who: shuffled(prng, people).slice(0, randomInt(prng, 1, 12)),
      }),
    );
    const q = query(1_300, { merchant: 'butik 17 city', amount: 52_000, payerId: 'm3' });
    for (let i = 0; i < 3; i += 1) suggestParticipants(history, people, q);
    // CPU time when the runtime offers it: the shared cores stretch wall time, not the work done.
    const host = (globalThis as { process?: { cpuUsage(): { user: number; system: number } } }).process;
    const clock = (): number => {
      if (host === undefined) return Date.now();
      const used = host.cpuUsage();
      return (used.user + used.system) / 1_000;
    };
    const samples: number[] = [];
    for (let s = 0; s < 9; s += 1) {
      const t0 = clock();
      for (let r = 0; r < 3; r += 1) suggestParticipants(history, people, q);
      samples.push((clock() - t0) / 3);
    }
    samples.sort((a, b) => a - b);
    expect(samples[4]).toBeLessThan(20);
  });
});
