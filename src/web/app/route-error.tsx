import { isRouteErrorResponse, useRouteError } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { PublicPage } from '../components/public-page.tsx';
import { Button } from '../components/ui/button.tsx';
import { NotFound } from '../features/shell/not-found.tsx';

/**
 * Catches what a page throws while loading or rendering. The usual cause in production is a page chunk that no
 * longer exists after a deploy, which a reload fixes.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PublicPage title={sv.shell.notFound.code} narrow>
        <NotFound />
      </PublicPage>
    );
  }
  console.error(error);
  return (
    <PublicPage title={sv.shell.loadFailed} narrow>
      <div className="flex flex-col items-center gap-4 text-center">
        <h1 className="text-2xl font-semibold">{sv.shell.loadFailed}</h1>
        <p className="text-muted-foreground">{sv.shell.loadFailedText}</p>
        <Button onClick={() => window.location.reload()}>{sv.shell.retry}</Button>
      </div>
    </PublicPage>
  );
}
