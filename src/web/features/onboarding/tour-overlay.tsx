import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { XIcon } from 'lucide-react';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { TOUR_STEPS, type TourStep } from './tour-state.ts';

const texts = sv.onboarding;
const stepTexts: Record<TourStep, { title: string; text: string }> = {
  invite: texts.steps.invite,
  'add-expense': texts.steps.addExpense,
  settle: texts.steps.settle,
};

type Box = { top: number; left: number; width: number; height: number };
const GAP = 12;
const PAD = 6;

/** Where the step's element is on screen (padded), or null when this page does not show it (e.g. not the owner). */
function useTargetBox(step: TourStep): Box | null {
  const [box, setBox] = useState<Box | null>(null);
  useLayoutEffect(() => {
    const target = document.querySelector(`[data-tour="${step}"]`);
    target?.scrollIntoView({ block: 'center', behavior: 'instant' });
    const measure = () => {
      const rect = document.querySelector(`[data-tour="${step}"]`)?.getBoundingClientRect();
      const next =
        rect && rect.width > 0
          ? { top: rect.top - PAD, left: rect.left - PAD, width: rect.width + 2 * PAD, height: rect.height + 2 * PAD }
          : null;
      setBox((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
    };
    measure();
    // Tabs and images load after the page: keep following the element while the step shows.
    const timer = window.setInterval(measure, 250);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [step]);
  return box;
}

/** The card below the element when it fits, else above; centred when the element is not on the page. */
function cardPosition(box: Box | null, cardHeight: number): CSSProperties {
  const width = Math.min(340, window.innerWidth - 16);
  if (!box) return { width, top: '50%', left: '50%', transform: 'translate(-50%, -50%)' };
  const left = Math.min(Math.max(8, box.left + box.width / 2 - width / 2), window.innerWidth - width - 8);
  const below = box.top + box.height + GAP;
  const top = below + cardHeight <= window.innerHeight - 8 ? below : Math.max(8, box.top - GAP - cardHeight);
  return { width, top, left };
}

/**
 * The dimmed page in four pieces around the element, and a ring marking it. It only dims: clicks pass through to
 * the page (see TourOverlay), so the tour never stands between a person and a button they reach for.
 */
function Backdrop({ box }: { box: Box | null }) {
  const pieces: CSSProperties[] = box
    ? [
        { top: 0, left: 0, right: 0, height: Math.max(0, box.top) },
        { top: box.top + box.height, left: 0, right: 0, bottom: 0 },
        { top: box.top, left: 0, width: Math.max(0, box.left), height: box.height },
        { top: box.top, left: box.left + box.width, right: 0, height: box.height },
      ]
    : [{ inset: 0 }];
  return (
    <>
      {pieces.map((style, index) => (
        <div
          key={index}
          aria-hidden
          className="pointer-events-none fixed z-50 bg-overlay"
          style={style}
          data-testid="tour-backdrop"
        />
      ))}
      {box ? (
        <div aria-hidden className="pointer-events-none fixed z-50 rounded-lg ring-2 ring-primary" style={box} />
      ) : null}
    </>
  );
}

/** Back to the control that opened the tour, or to the page's heading when it started by itself. */
/**
 * A modal dialog for the keyboard (decision 049): Tab and Shift+Tab go round the card's controls and never reach the
 * page behind it. Pointer focus is not held back: a click on the page is how the tour is left (see TourOverlay).
 */
function useTabTrap(card: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !card.current) return;
      const controls = [...card.current.querySelectorAll<HTMLElement>('button, [href], input, [tabindex="0"]')];
      const first = controls[0];
      const last = controls.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      const wrapTo = !card.current.contains(active)
        ? event.shiftKey
          ? last
          : first
        : event.shiftKey && active === first
          ? last
          : !event.shiftKey && active === last
            ? first
            : null;
      if (!wrapTo) return;
      event.preventDefault();
      wrapTo.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [card]);
}

/** On close, focus goes back where it was before the tour, unless a click on the page has put it somewhere. */
function useFocusBackOnClose() {
  // Read on the first render, before the card takes focus: the control that opened the tour, or the page body.
  const opener = useRef(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  useEffect(
    () => () => {
      const active = document.activeElement;
      if (!active || active === document.body) returnFocus(opener.current);
    },
    [],
  );
}

function returnFocus(opener: HTMLElement | null) {
  const target =
    opener && opener !== document.body && opener.isConnected ? opener : document.querySelector<HTMLElement>('main h1');
  if (target && !target.hasAttribute('tabindex') && target.tagName === 'H1') target.setAttribute('tabindex', '-1');
  // After the click or key that closed the tour has finished, so nothing moves focus again behind it.
  window.setTimeout(() => target?.focus({ preventScroll: true }), 0);
}

interface TourOverlayProps {
  step: number;
  /** Only the owner has the invite button; a member's first step says whom to ask instead. */
  isOwner: boolean;
  onNext: () => void;
  onDismiss: () => void;
}

/**
 * The onboarding tour: a dimmed page with a hole around the step's element (which stays clickable), and a card
 * with "Steg n av 3", Hoppa över and Nästa/Klart. Escape, the close button and a click on the dimmed page dismiss it.
 */
export function TourOverlay({ step, isOwner, onNext, onDismiss }: TourOverlayProps) {
  const current = TOUR_STEPS[step] ?? 'invite';
  const box = useTargetBox(current);
  const card = useRef<HTMLDivElement>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const [cardHeight, setCardHeight] = useState(220);
  const last = step === TOUR_STEPS.length - 1;

  useFocusBackOnClose();
  useTabTrap(card);
  useLayoutEffect(() => setCardHeight(card.current?.offsetHeight ?? 220), [current]);
  useEffect(() => primary.current?.focus(), [current]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onDismiss();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onDismiss]);
  // A click on the dimmed page dismisses the tour and still does what was clicked; the card, the highlighted element
  // and the add-expense button (which marks the tour seen) keep it going.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || card.current?.contains(target)) return;
      if (target.closest(`[data-tour="${current}"], [data-tour="add-expense"]`)) return;
      onDismiss();
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [current, onDismiss]);

  const { title } = stepTexts[current];
  const text = current === 'invite' && !isOwner ? texts.steps.invite.textMember : stepTexts[current].text;
  return (
    <>
      <Backdrop box={box} />
      <div
        ref={card}
        role="dialog"
        aria-modal="true"
        aria-labelledby="tour-title"
        aria-describedby="tour-text"
        className="fixed z-50 grid gap-3 rounded-xl border bg-popover p-5 text-popover-foreground shadow-lg"
        style={cardPosition(box, cardHeight)}
      >
        <p className="text-xs font-medium text-muted-foreground">
          {sv.fill(texts.step, { n: step + 1, total: TOUR_STEPS.length })}
        </p>
        <h2 id="tour-title" className="pr-6 text-lg font-semibold">
          {title}
        </h2>
        <p id="tour-text" className="text-sm text-muted-foreground">
          {text}
        </p>
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            {texts.skip}
          </Button>
          <Button ref={primary} size="sm" onClick={onNext}>
            {last ? texts.done : texts.next}
          </Button>
        </div>
        <button type="button" className="ui-close" onClick={onDismiss} aria-label={texts.close}>
          <XIcon className="size-4" aria-hidden />
        </button>
      </div>
    </>
  );
}
