import { PublicPage } from '../../components/public-page.tsx';
import { NotFound } from './not-found.tsx';

/** Any path outside /app that no route knows. */
export function Component() {
  return (
    <PublicPage narrow>
      <NotFound />
    </PublicPage>
  );
}
