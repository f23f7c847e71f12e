import { useEffect, useId, useState, type FormEvent } from 'react';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { client, done } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';

type Status = 'idle' | 'submitting' | 'success' | 'error';

/** The success and error messages show for 3 seconds, then the form is idle again. */
export const NEWSLETTER_STATUS_MS = 3000;

const texts = sv.site.footer;

/** The footer's newsletter sign-up: idle, submitting, success or error; the address stays after an error. */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');

  useEffect(() => {
    if (status !== 'success' && status !== 'error') return;
    const timer = window.setTimeout(() => setStatus('idle'), NEWSLETTER_STATUS_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus('submitting');
    try {
      await done(client.api.site.newsletter.$post({ json: { email } }));
      setEmail('');
      setStatus('success');
    } catch {
      setStatus('error');
    }
  };

  const message = status === 'success' ? texts.subscribed : status === 'error' ? texts.subscribeFailed : '';
  return (
    <form onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`} className="grid gap-2">
      <h2 id={`${id}-title`} className="font-semibold">
        {texts.newsletterTitle}
      </h2>
      <p className="text-sm text-muted-foreground">{texts.newsletterText}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-email`} className="sr-only">
          {texts.newsletterLabel}
        </label>
        <Input
          id={`${id}-email`}
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder={texts.newsletterPlaceholder}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="sm:max-w-64"
        />
        <Button type="submit" disabled={status === 'submitting'}>
          {status === 'submitting' ? texts.subscribing : texts.subscribe}
        </Button>
      </div>
      <p
        role="status"
        className={cn('min-h-5 text-sm font-medium', status === 'error' ? 'text-destructive' : 'text-positive')}
      >
        {message}
      </p>
    </form>
  );
}
