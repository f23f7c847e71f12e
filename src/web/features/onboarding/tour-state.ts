/** Kept in localStorage: the tour's progress step, seen and dismissed, per group and user. */
export interface TourFlags {
  step: number;
  seen: boolean;
  dismissed: boolean;
}

export const TOUR_STEPS = ['invite', 'add-expense', 'settle'] as const;
export type TourStep = (typeof TOUR_STEPS)[number];

const FRESH: TourFlags = { step: 0, seen: false, dismissed: false };

export const tourStorageKey = (userId: string, groupId: string) => `kvitt:tour:${userId}:${groupId}`;

/** Minimal storage interface, so tests can hand in a Map-backed one. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The stored flags; anything unreadable counts as a fresh start rather than an error. */
export function readTourFlags(store: KeyValueStore, key: string): TourFlags {
  try {
    const parsed: unknown = JSON.parse(store.getItem(key) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return FRESH;
    const { step, seen, dismissed } = parsed as Partial<TourFlags>;
    const validStep = typeof step === 'number' && Number.isInteger(step) && step >= 0 && step < TOUR_STEPS.length;
    return { step: validStep ? step : 0, seen: seen === true, dismissed: dismissed === true };
  } catch {
    return FRESH;
  }
}

export function writeTourFlags(store: KeyValueStore, key: string, flags: TourFlags): void {
  try {
    store.setItem(key, JSON.stringify(flags));
  } catch {
    // Storage full or blocked: the tour may show again next visit, which is harmless.
  }
}

/** Only when neither seen nor dismissed, the group has at most 1 expense and is not settled. */
export function shouldStartTour(flags: TourFlags, group: { expenseCount: number; isSettled: boolean }): boolean {
  return !flags.seen && !flags.dismissed && group.expenseCount <= 1 && !group.isSettled;
}

export const restartedFlags = (): TourFlags => ({ ...FRESH });
export const advancedFlags = (flags: TourFlags): TourFlags => ({
  ...flags,
  step: Math.min(flags.step + 1, TOUR_STEPS.length - 1),
});
/** "Klart" on the last step, or a click on add expense while the tour shows. */
export const seenFlags = (flags: TourFlags): TourFlags => ({ ...flags, seen: true });
/** "Hoppa över", the close button, Escape or the backdrop. */
export const dismissedFlags = (flags: TourFlags): TourFlags => ({ ...flags, dismissed: true });
