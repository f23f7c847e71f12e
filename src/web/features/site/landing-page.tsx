import { CheckIcon } from 'lucide-react';
import { Link } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useSession } from '../../lib/session.ts';

const texts = sv.shell.landing;

/** / for now: name, tagline, a short pitch and the way in. The full landing page (SPEC §2) replaces it. */
export function Component() {
  const signedIn = Boolean(useSession().session);
  const login = (
    <Button asChild variant="ghost" className="hidden sm:inline-flex">
      <Link to="/auth">{texts.login}</Link>
    </Button>
  );
  return (
    <PublicPage actions={signedIn ? null : login}>
      <section className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center gap-6 py-12 text-center">
        <h1 className="text-5xl font-bold tracking-tight text-primary sm:text-6xl">{sv.shell.product}</h1>
        <p className="text-2xl font-semibold tracking-tight sm:text-3xl">{sv.shell.tagline}</p>
        <p className="max-w-xl text-lg text-muted-foreground">{texts.pitch}</p>
        <ul className="flex flex-col gap-2 text-left sm:flex-row sm:gap-6">
          {texts.points.map((point) => (
            <li key={point} className="flex items-center gap-2 text-sm">
              <CheckIcon className="size-4 text-primary" aria-hidden />
              {point}
            </li>
          ))}
        </ul>
        <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          {signedIn ? (
            <Button asChild size="lg">
              <Link to="/app">{texts.openApp}</Link>
            </Button>
          ) : (
            <>
              <Button asChild size="lg">
                <Link to="/auth?mode=signup">{texts.signup}</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/auth">{texts.login}</Link>
              </Button>
            </>
          )}
        </div>
      </section>
    </PublicPage>
  );
}
