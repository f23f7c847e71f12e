import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input, Textarea } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { toast } from '../../lib/toast.ts';

/** The form shows "Skickar..." for about a second; the message is not stored or sent. */
export const CONTACT_SEND_MS = 1000;

const texts = sv.contact;
const empty = { name: '', email: '', message: '' };

/** Namn, E-post and Meddelande, all required, checked by the browser; cleared after "sending". */
export function ContactForm() {
  const id = useId();
  const [values, setValues] = useState(empty);
  const [sending, setSending] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    timer.current = window.setTimeout(() => {
      setSending(false);
      setValues(empty);
      toast.success(texts.sent, { description: texts.sentText });
    }, CONTACT_SEND_MS);
  };
  const bind = (name: keyof typeof empty) => ({
    id: `${id}-${name}`,
    name,
    required: true,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form onSubmit={submit} className="grid gap-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {texts.formTitle}
      </h2>
      <div className="ui-field">
        <Label htmlFor={`${id}-name`}>{texts.name}</Label>
        <Input autoComplete="name" {...bind('name')} />
      </div>
      <div className="ui-field">
        <Label htmlFor={`${id}-email`}>{texts.email}</Label>
        <Input type="email" autoComplete="email" inputMode="email" {...bind('email')} />
      </div>
      <div className="ui-field">
        <Label htmlFor={`${id}-message`}>{texts.message}</Label>
        <Textarea rows={5} {...bind('message')} />
      </div>
      <Button type="submit" disabled={sending} className="w-full sm:w-fit">
        {sending ? texts.sending : texts.send}
      </Button>
    </form>
  );
}
