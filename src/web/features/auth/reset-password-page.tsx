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
import { resetPassword } from './auth-api.ts';

const texts = sv.auth;

/**
 * /reset-password?token=…, reached from the e-mail. better-auth answers an invalid link with ?error=INVALID_TOKEN
 * instead of a token, so that case gets the same message as a token the server rejects.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const invalid = params.has('error');
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

function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useSchemaForm(() => import('#shared/api/auth.ts').then((schemas) => schemas.resetPasswordForm), {
    password: '',
    repeat: '',
  });
  const mutation = useAction(({ password }: { password: string }) => resetPassword({ newPassword: password, token }), {
    onSuccess: async () => {
      toast.success(texts.resetDone);
      // The reset may have ended other sessions; let the /app guard check afresh.
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
