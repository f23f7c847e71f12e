import { lazy, Suspense, useEffect, useState } from 'react';
import { CameraIcon, HandshakeIcon, ScaleIcon, SmartphoneIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { SessionAction } from './session-action.tsx';

// Radix's dialog is not needed until someone asks to collaborate: keep it off the first load (budget 120 kB).
// The footer (newsletter form) sits below the fold: it arrives right after the first paint.
const SiteFooter = lazy(() => import('./site-footer.tsx').then((m) => ({ default: m.SiteFooter })));
const CollaborationDialog = lazy(() =>
  import('./collaboration-dialog.tsx').then((m) => ({ default: m.CollaborationDialog })),
);

const texts = sv.landing;
const featureIcons = [CameraIcon, ScaleIcon, SmartphoneIcon];

/** /: hero, three feature cards, collaboration request, footer with the newsletter. */
export function Component() {
  useAccountDeletedNotice();
  return (
    <PublicPage
      actions={<SessionAction />}
      footer={
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      }
    >
      <Hero />
      <Features />
      <Collaborate />
    </PublicPage>
  );
}

/** account/privacy-data.tsx sends a deleted account here as /?konto=raderat: a message, then the start page. */
function useAccountDeletedNotice() {
  const [params, setParams] = useSearchParams();
  const deleted = params.get('konto') === 'raderat';
  useEffect(() => {
    if (!deleted) return;
    toast.success(sv.site.accountDeleted);
    setParams(
      (current) => {
        current.delete('konto');
        return current;
      },
      { replace: true },
    );
  }, [deleted, setParams]);
}

function Hero() {
  const signedIn = Boolean(useSession().session);
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col items-center gap-6 py-12 text-center sm:py-20">
      <p className="text-sm font-medium uppercase tracking-wide text-primary">{texts.eyebrow}</p>
      <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">{texts.title}</h1>
      <p className="max-w-xl text-lg text-muted-foreground text-pretty">{texts.lead}</p>
      <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
        <Button asChild size="lg">
          <Link to={signedIn ? '/app' : '/auth?mode=signup'}>{signedIn ? sv.site.openApp : texts.start}</Link>
        </Button>
        {signedIn ? null : (
          <Button asChild size="lg" variant="outline">
            <Link to="/auth">{sv.site.login}</Link>
          </Button>
        )}
      </div>
    </section>
  );
}

function Features() {
  return (
    <section aria-labelledby="features-title" className="mx-auto w-full max-w-5xl py-8">
      <h2 id="features-title" className="sr-only">
        {texts.featuresTitle}
      </h2>
      <ul className="grid gap-4 md:grid-cols-3">
        {texts.features.map((feature, index) => {
          const Icon = featureIcons[index] ?? CameraIcon;
          return (
            <li key={feature.title} className="ui-card flex flex-col gap-3 p-6">
              <span className="w-fit rounded-lg bg-primary/10 p-2.5 text-primary">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="text-lg font-semibold">{feature.title}</h3>
              <p className="text-sm text-muted-foreground">{feature.text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Collaborate() {
  const [open, setOpen] = useState(false);
  const collaborate = texts.collaborate;
  return (
    <section className="mx-auto my-12 flex w-full max-w-3xl flex-col items-center gap-4 rounded-xl bg-secondary px-6 py-10 text-center">
      <HandshakeIcon className="size-8 text-primary" aria-hidden />
      <h2 className="text-2xl font-semibold">{collaborate.title}</h2>
      <p className="max-w-xl text-secondary-foreground">{collaborate.text}</p>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {collaborate.open}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <CollaborationDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
