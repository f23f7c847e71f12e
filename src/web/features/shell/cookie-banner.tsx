import { useId } from 'react';
import { XIcon } from 'lucide-react';
import { Link } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { useConsent } from '../../lib/consent.ts';

/** SPEC §2: shown until a choice is stored; Acceptera, Endast nödvändiga, or close (which counts as declined). */
export function CookieBanner() {
  const [consent, choose] = useConsent();
  const titleId = useId();
  if (consent) return null;
  const texts = sv.shell.cookies;
  return (
    <section aria-labelledby={titleId} className="fixed inset-x-0 bottom-0 z-40 p-3 sm:p-4">
      <div className="relative mx-auto flex max-w-3xl flex-col gap-3 rounded-xl border bg-card p-4 pr-12 text-card-foreground shadow-lg sm:flex-row sm:items-end">
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
