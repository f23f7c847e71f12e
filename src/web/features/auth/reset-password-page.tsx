import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Alert } from '../../components/ui/feedback.tsx';
import { Field } from '../../components/ui/field.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { ApiError, errorText } from '../../lib/api.ts';
import { serverFieldErrors, validationText } from '../../lib/form.ts';
import { refreshSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useAction } from '../../lib/use-action.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { checkResetToken, resetPassword } from './auth-api.ts';

const texts = sv.auth;

/**
 * /reset-password?token=…, reached from the e-mail. better-auth answers an invalid link with ?error=INVALID_TOKEN
 * instead of a token, so that case gets the same message as a token the server rejects.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const used = useUsedLink(token);
  const invalid = params.has('error') || used;
  return (
    <PublicPage title={texts.resetTitle} narrow>
      {token && !invalid ? (
        <ResetForm token={token} />
      ) : (
        <LinkProblem message={invalid ? sv.errors.INVALID_RESET_TOKEN : texts.resetMissingToken} />
      )}
    </PublicPage>
  );
}

/**
 * True once the server says the link was used or has expired, so the page says so before a new password is typed.
 * The form shows meanwhile: most links are fresh, and a check that cannot be made leaves the form to find out.
 */
function useUsedLink(token: string | null): boolean {
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (!token) return;
    let current = true;
    checkResetToken(token).catch((error: unknown) => {
      if (current && error instanceof ApiError && error.code === 'INVALID_RESET_TOKEN') setUsed(true);
    });
    return () => {
      current = false;
    };
  }, [token]);
  return used;
}

function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useSchemaForm(() => import('#shared/api/auth.ts').then((schemas) => schemas.resetPasswordForm), {
    password: '',
    repeat: '',
  });
  const mutation = useAction(({ password }: { password: string }) => resetPassword({ newPassword: password, token }), {
    onSuccess: async () => {
      toast.success(texts.resetDone);
      // The server signed this browser in with the new password (and ended every other session): load who that is.
      await refreshSession();
      await navigate('/app', { replace: true });
    },
    onError: (error) => form.setErrors(serverFieldErrors(error, ['password'], { newPassword: 'password' })),
  });
  const { errors } = form;
  const tokenRejected = mutation.error instanceof ApiError && mutation.error.code === 'INVALID_RESET_TOKEN';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">{texts.resetTitle}</CardTitle>
        <CardDescription>{texts.resetDescription}</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={form.handleSubmit(mutation.run)}>
        <CardContent className="grid gap-4">
          {mutation.isError ? (
            <Alert variant="error">
              {errorText(mutation.error)}
              {tokenRejected ? <RequestNewLink /> : null}
            </Alert>
          ) : null}
          <Field label={texts.newPassword} error={validationText(errors.password)}>
            {(control) => <PasswordInput autoComplete="new-password" {...control} {...form.register('password')} />}
          </Field>
          <Field label={texts.repeatPassword} error={validationText(errors.repeat)}>
            {(control) => <PasswordInput autoComplete="new-password" {...control} {...form.register('repeat')} />}
          </Field>
          <Button type="submit" className="w-full" disabled={mutation.pending}>
            {mutation.pending ? texts.resetSaving : texts.resetButton}
          </Button>
        </CardContent>
      </form>
    </Card>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">{texts.resetTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <Alert variant="error">{message}</Alert>
      </CardContent>
      <CardFooter className="justify-center text-sm">
        <RequestNewLink />
      </CardFooter>
    </Card>
  );
}

function RequestNewLink() {
  return (
    <Link to="/forgot-password" className="font-medium underline underline-offset-4 hover:no-underline">
      {texts.requestNewLink}
    </Link>
  );
}
