import { Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from '#shared/redirect.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { useSession } from '../../lib/session.ts';
import { AuthForm } from './auth-form.tsx';

/** /auth?redirect=…&mode=signup: one form for login and sign-up; signed in, the user goes to the redirect target. */
export function Component() {
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const { session } = useSession();
  // Also the success path: a finished login loads the session, and this sends the user on.
  if (session) return <Navigate replace to={target} />;
  return (
    <PublicPage narrow>
      <AuthForm initialMode={params.get('mode') === 'signup' ? 'signup' : 'login'} />
    </PublicPage>
  );
}
