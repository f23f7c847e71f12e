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
      <p className="text-6xl font-bold tracking-tight text-primary" aria-hidden>
        {texts.code}
      </p>
      <h1 className="text-2xl font-semibold">
        <span className="sr-only">{texts.code} </span>
        {texts.title}
      </h1>
      <Button asChild>
        <Link to="/">{texts.home}</Link>
      </Button>
    </div>
  );
}
