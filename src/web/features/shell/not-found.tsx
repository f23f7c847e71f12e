import { Link } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { PageTitle } from '../../components/page-title.tsx';

/** "404", "Oops! Page not found" and a link to the start page. */
export function NotFound() {
  const texts = sv.shell.notFound;
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <PageTitle page={texts.code} />
      {/* "404" once, on screen and for screen readers alike: the large number is the heading's first line. */}
      <h1 className="grid gap-4 text-2xl font-semibold">
        <span className="text-6xl font-bold tracking-tight text-primary">{texts.code}</span> <span>{texts.title}</span>
      </h1>
      <Button asChild>
        <Link to="/">{texts.home}</Link>
      </Button>
    </div>
  );
}
