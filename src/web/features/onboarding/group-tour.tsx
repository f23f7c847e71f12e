import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { LifeBuoyIcon } from 'lucide-react';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { useSession } from '../../lib/session.ts';
import { TourOverlay } from './tour-overlay.tsx';
import {
  advancedFlags,
  dismissedFlags,
  readTourFlags,
  restartedFlags,
  seenFlags,
  shouldStartTour,
  TOUR_STEPS,
  tourStorageKey,
  writeTourFlags,
  type TourFlags,
} from './tour-state.ts';

interface GroupTourProps {
  groupId: string;
  expenseCount: number;
  isSettled: boolean;
  isOwner: boolean;
}

/** Reads and writes the flags of this group and user in localStorage. */
function useTourFlags(groupId: string) {
  const userId = useSession().session?.user.id ?? 'anonymous';
  const key = tourStorageKey(userId, groupId);
  const [flags, setFlags] = useState<TourFlags>(() => readTourFlags(window.localStorage, key));
  const save = useCallback(
    (next: TourFlags) => {
      writeTourFlags(window.localStorage, key, next);
      setFlags(next);
    },
    [key],
  );
  return [flags, save] as const;
}

/**
 * "Visa guiden igen" for the group page header, and the tour itself: it starts by itself only when neither seen nor
 * dismissed, with at most one expense in an open group. Render it keyed by the group id.
 */
export function GroupTour({ groupId, expenseCount, isSettled, isOwner }: GroupTourProps) {
  const [flags, save] = useTourFlags(groupId);
  const [open, setOpen] = useState(() => shouldStartTour(flags, { expenseCount, isSettled }));

  const dismiss = useCallback(() => {
    save(dismissedFlags(flags));
    setOpen(false);
  }, [flags, save]);
  const next = () => {
    if (flags.step < TOUR_STEPS.length - 1) return save(advancedFlags(flags));
    save(seenFlags(flags));
    setOpen(false);
  };

  // Following the add-expense button while the tour shows counts as having seen it.
  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('[data-tour="add-expense"]')) save(seenFlags(flags));
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [open, flags, save]);

  const texts = sv.onboarding;
  return (
    <>
      <Button
        variant="outline"
        size="icon"
        aria-label={texts.showAgain}
        title={texts.showAgain}
        onClick={() => {
          save(restartedFlags());
          setOpen(true);
        }}
      >
        <LifeBuoyIcon aria-hidden />
      </Button>
      {open
        ? createPortal(
            <TourOverlay step={flags.step} isOwner={isOwner} onNext={next} onDismiss={dismiss} />,
            document.body,
          )
        : null}
    </>
  );
}
