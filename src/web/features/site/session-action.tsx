import { Link } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { useSession } from '../../lib/session.ts';

/** Header action of the public pages: log in, or back into the app for someone already signed in. */
export function SessionAction() {
  const signedIn = Boolean(useSession().session);
  return (
    <Button asChild variant={signedIn ? 'default' : 'outline'} size="sm">
      <Link to={signedIn ? '/app' : '/auth'}>{signedIn ? sv.site.openApp : sv.site.login}</Link>
    </Button>
  );
}
