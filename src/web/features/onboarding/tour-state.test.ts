import { describe, expect, it } from 'vitest';
import {
  advancedFlags,
  dismissedFlags,
  readTourFlags,
  restartedFlags,
  seenFlags,
  shouldStartTour,
  tourStorageKey,
  writeTourFlags,
  type KeyValueStore,
} from './tour-state.ts';

const memoryStore = (): KeyValueStore & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
};

const fresh = { expenseCount: 0, isSettled: false };

describe('shouldStartTour', () => {
  it('starts for a new group with at most one expense that is not settled', () => {
    expect(shouldStartTour(restartedFlags(), fresh)).toBe(true);
    expect(shouldStartTour(restartedFlags(), { expenseCount: 1, isSettled: false })).toBe(true);
  });

  it('never starts once seen or dismissed, with two or more expenses, or in a settled group', () => {
    expect(shouldStartTour(seenFlags(restartedFlags()), fresh)).toBe(false);
    expect(shouldStartTour(dismissedFlags(restartedFlags()), fresh)).toBe(false);
    expect(shouldStartTour(restartedFlags(), { expenseCount: 2, isSettled: false })).toBe(false);
    expect(shouldStartTour(restartedFlags(), { expenseCount: 0, isSettled: true })).toBe(false);
  });
});

describe('stored flags', () => {
  it('keeps separate flags per user and group', () => {
    const store = memoryStore();
    writeTourFlags(store, tourStorageKey('u1', 'g1'), dismissedFlags(restartedFlags()));
    expect(readTourFlags(store, tourStorageKey('u1', 'g1')).dismissed).toBe(true);
    expect(readTourFlags(store, tourStorageKey('u1', 'g2')).dismissed).toBe(false);
    expect(readTourFlags(store, tourStorageKey('u2', 'g1')).dismissed).toBe(false);
  });

  it('reads damaged or foreign values as a fresh start instead of failing', () => {
    const store = memoryStore();
    for (const raw of ['{', '42', 'null', '{"step":9,"seen":"yes"}', '{"step":-1}', '{"step":1.5}']) {
      store.setItem('k', raw);
      expect(readTourFlags(store, 'k')).toEqual({ step: 0, seen: false, dismissed: false });
    }
  });

  it('remembers the step reached, and "show the guide again" clears all three flags', () => {
    const store = memoryStore();
    const flags = seenFlags(advancedFlags(advancedFlags(restartedFlags())));
    writeTourFlags(store, 'k', flags);
    expect(readTourFlags(store, 'k')).toEqual({ step: 2, seen: true, dismissed: false });
    expect(advancedFlags(flags).step).toBe(2);
    expect(restartedFlags()).toEqual({ step: 0, seen: false, dismissed: false });
  });

  it('survives storage that refuses to write', () => {
    const store = {
      ...memoryStore(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeTourFlags(store, 'k', restartedFlags())).not.toThrow();
  });
});
