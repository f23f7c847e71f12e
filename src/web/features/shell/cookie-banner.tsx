import { useEffect, useId, useRef, type RefObject } from 'react';
import { XIcon } from 'lucide-react';
import { Link } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { MAIN_ID } from '../../components/skip-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useConsent, type Consent } from '../../lib/consent.ts';

/** Room kept between the banner and a focused control above it. */
const CLEARANCE_PX = 8;

/**
 * From 768 px the banner floats at the bottom right: the page keeps room below its end for it (so the last control
 * can scroll above it), focus scrolling stops above it, and a control focused behind it is scrolled into sight.
 */
function useKeepFocusClear(section: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = section.current;
    if (!element) return;
    const root = document.documentElement;
    const floating = () => getComputedStyle(element).position === 'fixed';
    const reserve = () => {
      const room = floating() ? `${element.offsetHeight + CLEARANCE_PX}px` : '';
      root.style.scrollPaddingBottom = room;
      document.body.style.paddingBottom = room;
    };
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (!floating() || !(target instanceof Element) || element.contains(target)) return;
      const box = target.getBoundingClientRect();
      const card = (element.firstElementChild ?? element).getBoundingClientRect();
      const covered = box.bottom > card.top && box.right > card.left && box.left < card.right;
      if (covered) window.scrollBy({ top: box.bottom - card.top + CLEARANCE_PX, behavior: 'instant' });
    };
    const observer = new ResizeObserver(reserve);
    observer.observe(element);
    document.addEventListener('focusin', onFocus);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocus);
      root.style.scrollPaddingBottom = '';
      document.body.style.paddingBottom = '';
    };
  }, [section]);
}

/**
 * Where focus was before it entered the banner, so a choice made from the keyboard does not drop it on the page
 * body when the banner goes; the page's main content when focus never was anywhere else.
 */
function useFocusBefore(section: RefObject<HTMLElement | null>) {
  const before = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && !section.current?.contains(target)) before.current = target;
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [section]);
  return () => {
    if (!section.current?.contains(document.activeElement)) return;
    const target = before.current?.isConnected ? before.current : document.getElementById(MAIN_ID);
    target?.focus({ preventScroll: true });
  };
}

/**
 * Shown until a choice is stored: Acceptera, Endast nödvändiga, or close (which counts as declined). It comes first
 * in the page, so it is the first stop for Tab and a screen reader, and it never covers a control (decision 049):
 * below 768 px it is a band at the top of the page that pushes the page down; from 768 px a card at the bottom
 * right, clear of the sidebar's "Logga ut", that keeps whatever has focus in sight.
 */
export function CookieBanner() {
  const [consent, choose] = useConsent();
  const titleId = useId();
  const section = useRef<HTMLElement>(null);
  useKeepFocusClear(section);
  const giveFocusBack = useFocusBefore(section);
  if (consent) return null;
  const texts = sv.shell.cookies;
  const answer = (choice: Consent) => {
    giveFocusBack();
    choose(choice);
  };
  return (
    <section
      ref={section}
      aria-labelledby={titleId}
      className="relative z-40 p-3 md:pointer-events-none md:fixed md:inset-x-0 md:bottom-0 md:p-4"
    >
      <div className="pointer-events-auto relative flex flex-col gap-3 rounded-xl border bg-card p-4 pr-14 text-card-foreground shadow-sm sm:flex-row sm:items-end md:mr-0 md:ml-auto md:max-w-md md:flex-col md:items-stretch md:pr-12 md:shadow-lg">
        <div className="grid flex-1 gap-1 text-sm">
          <h2 id={titleId} className="font-semibold">
            {texts.title}
          </h2>
          <p className="text-muted-foreground">
            {texts.text}{' '}
            <Link to="/privacy-policy" className="text-foreground underline underline-offset-4 hover:no-underline">
              {texts.readMore}
            </Link>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => answer('declined')}>
            {texts.necessaryOnly}
          </Button>
          <Button size="sm" onClick={() => answer('accepted')}>
            {texts.accept}
          </Button>
        </div>
        <Button
          variant="ghost"
          size="icon-sm"
          className="absolute top-1 right-1 md:top-2 md:right-2"
          aria-label={texts.close}
          onClick={() => answer('declined')}
        >
          <XIcon aria-hidden />
        </Button>
      </div>
    </section>
  );
}
