import { Link } from 'react-router';
import type { AuthForm as AuthValues } from '#shared/api/auth.ts';
import * as sv from '#shared/i18n/sv.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Alert } from '../../components/ui/feedback.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { errorText } from '../../lib/api.ts';
import { serverFieldErrors, validationText } from '../../lib/form.ts';
import { sessionStarted } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';
import { useAction } from '../../lib/use-action.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { signIn, signUp } from './auth-api.ts';

type Mode = AuthValues['mode'];
const loadSchema = () => import('#shared/api/auth.ts').then((schemas) => schemas.authForm);
type Form = ReturnType<typeof useSchemaForm<Awaited<ReturnType<typeof loadSchema>>>>;
const texts = sv.auth;

async function submit({ mode, email, password, name }: AuthValues): Promise<void> {
  if (mode === 'signup') await signUp({ email, password, name });
  else await signIn({ email, password });
}

/** Login and sign-up in one form: the toggle shows or hides the name field. */
export function AuthForm({ initialMode }: { initialMode: Mode }) {
  const form = useSchemaForm(loadSchema, { mode: initialMode, email: '', password: '', name: '' });
  const action = useAction(submit, {
    onSuccess: async (_, values) => {
      toast.success(values.mode === 'signup' ? texts.accountCreated : texts.loggedIn);
      // Loading the session makes the page send the user on to the redirect target.
      await sessionStarted();
    },
    onError: (error) => form.setErrors(serverFieldErrors(error, ['email', 'password', 'name'])),
  });
  const signup = form.values.mode === 'signup';
  const switchMode = () => {
    form.setValue('mode', signup ? 'login' : 'signup');
    form.clearErrors();
    action.reset();
  };
  const title = signup ? texts.signupTitle : texts.loginTitle;
  return (
    <Card>
      <PageTitle page={title} />
      <CardHeader>
        <CardTitle as="h1">{title}</CardTitle>
        <CardDescription>{signup ? texts.signupDescription : texts.loginDescription}</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={form.handleSubmit(action.run)}>
        <CardContent className="grid gap-4">
          {action.isError ? <Alert variant="error">{errorText(action.error)}</Alert> : null}
          <AuthFields form={form} signup={signup} />
          <Button type="submit" className="w-full" disabled={action.pending}>
            {action.pending
              ? signup
                ? texts.signingUp
                : texts.loggingIn
              : signup
                ? texts.signupButton
                : texts.loginButton}
          </Button>
        </CardContent>
      </form>
      <CardFooter className="flex-col gap-3 text-sm">
        <Button variant="link" onClick={switchMode}>
          {signup ? texts.toLogin : texts.toSignup}
        </Button>
        {signup ? null : (
          <Link
            to="/forgot-password"
            className="text-muted-foreground underline underline-offset-4 hover:text-foreground"
          >
            {texts.forgotLink}
          </Link>
        )}
      </CardFooter>
    </Card>
  );
}

function AuthFields({ form, signup }: { form: Form; signup: boolean }) {
  const { errors, register } = form;
  return (
    <>
      {signup ? (
        <Field label={texts.name} error={validationText(errors.name)}>
          {(control) => (
            <Input autoComplete="name" placeholder={texts.namePlaceholder} {...control} {...register('name')} />
          )}
        </Field>
      ) : null}
      <Field label={texts.email} error={validationText(errors.email)}>
        {(control) => (
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={texts.emailPlaceholder}
            {...control}
            {...register('email')}
          />
        )}
      </Field>
      <Field label={texts.password} error={validationText(errors.password)}>
        {(control) => (
          <PasswordInput
            autoComplete={signup ? 'new-password' : 'current-password'}
            {...control}
            {...register('password')}
          />
        )}
      </Field>
    </>
  );
}
