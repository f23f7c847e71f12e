import { lazy, Suspense, type ReactNode } from 'react';
import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SessionAction } from './session-action.tsx';

// The footer sits below the fold: it arrives right after the first paint (the public pages' budget is 120 kB).
const SiteFooter = lazy(() => import('./site-footer.tsx').then((m) => ({ default: m.SiteFooter })));

/** About, contact and privacy policy: the public frame, a back button to / and a readable column. */
export function SiteFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PublicPage
      title={title}
      actions={<SessionAction />}
      footer={
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      }
    >
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 pt-4">
        <Button asChild variant="ghost" size="sm" className="w-fit -ml-2">
          <Link to="/">
            <ArrowLeftIcon aria-hidden />
            {sv.site.back}
          </Link>
        </Button>
        {children}
      </div>
    </PublicPage>
  );
}
