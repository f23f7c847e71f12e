import { MailCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import * as sv from '#shared/i18n/sv.ts';
import { PublicPage } from '../../components/public-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Alert } from '../../components/ui/feedback.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useAction } from '../../lib/use-action.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { validationText } from '../../lib/form.ts';
import { requestPasswordReset } from './auth-api.ts';

const texts = sv.auth;

/** /forgot-password: asks for the e-mail, then shows the same confirmation whether or not an account exists. */
export function Component() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <PublicPage title={sentTo ? texts.forgotSentTitle : texts.forgotTitle} narrow>
      {sentTo ? <SentConfirmation email={sentTo} /> : <ForgotForm onSent={setSentTo} />}
    </PublicPage>
  );
}

function ForgotForm({ onSent }: { onSent: (email: string) => void }) {
  const form = useSchemaForm(() => import('#shared/api/auth.ts').then((schemas) => schemas.forgotPasswordForm), {
    email: '',
  });
  const mutation = useAction(({ email }: { email: string }) => requestPasswordReset(email), {
    onSuccess: (_, { email }) => {
      toast.success(texts.forgotSentToast);
      onSent(email);
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">{texts.forgotTitle}</CardTitle>
        <CardDescription>{texts.forgotDescription}</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={form.handleSubmit(mutation.run)}>
        <CardContent className="grid gap-4">
          {mutation.isError ? <Alert variant="error">{errorText(mutation.error)}</Alert> : null}
          <Field label={texts.email} error={validationText(form.errors.email)}>
            {(control) => (
              <Input
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder={texts.emailPlaceholder}
                {...control}
                {...form.register('email')}
              />
            )}
          </Field>
          <Button type="submit" className="w-full" disabled={mutation.pending}>
            {mutation.pending ? texts.forgotSending : texts.forgotButton}
          </Button>
        </CardContent>
      </form>
      <CardFooter className="justify-center text-sm">
        <BackToLogin />
      </CardFooter>
    </Card>
  );
}

function SentConfirmation({ email }: { email: string }) {
  return (
    <Card>
      <CardHeader className="justify-items-center text-center">
        <div className="mb-2 rounded-full bg-muted p-3 text-primary">
          <MailCheckIcon className="size-6" aria-hidden />
        </div>
        <CardTitle as="h1">{texts.forgotSentTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <p role="status" className="text-center text-sm text-muted-foreground">
          {sv.fill(texts.forgotSentText, { email })}
        </p>
      </CardContent>
      <CardFooter className="justify-center text-sm">
        <BackToLogin />
      </CardFooter>
    </Card>
  );
}

function BackToLogin() {
  return (
    <Link to="/auth" className="text-muted-foreground underline underline-offset-4 hover:text-foreground">
      {texts.backToLogin}
    </Link>
  );
}
