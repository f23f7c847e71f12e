import { useId } from 'react';
import { XIcon } from 'lucide-react';
import { Link } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { useConsent } from '../../lib/consent.ts';

/**
 * Shown until a choice is stored: Acceptera, Endast nödvändiga, or close (which counts as declined).
 * It takes clicks only where it draws: the full-width band around the card lets them through to the page. It sticks
 * to the bottom of the screen but keeps its own place at the end of the page, so scrolling brings whatever it covers
 * (a phone's login link) above it. From 768 px, where the sidebar is fixed at the left, the card sits at the right,
 * clear of the sidebar's "Logga ut".
 */
export function CookieBanner() {
  const [consent, choose] = useConsent();
  const titleId = useId();
  if (consent) return null;
  const texts = sv.shell.cookies;
  return (
    <section aria-labelledby={titleId} className="pointer-events-none sticky bottom-0 z-40 p-3 sm:p-4">
      <div className="pointer-events-auto relative mx-auto flex max-w-3xl flex-col gap-3 rounded-xl border bg-card p-4 pr-12 text-card-foreground shadow-lg sm:flex-row sm:items-end md:mr-0 md:max-w-md md:flex-col md:items-stretch">
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
          <Button variant="outline" size="sm" onClick={() => choose('declined')}>
            {texts.necessaryOnly}
          </Button>
          <Button size="sm" onClick={() => choose('accepted')}>
            {texts.accept}
          </Button>
        </div>
        <Button
          variant="ghost"
          size="icon-sm"
          className="absolute top-2 right-2"
          aria-label={texts.close}
          onClick={() => choose('declined')}
        >
          <XIcon aria-hidden />
        </Button>
      </div>
    </section>
  );
}
