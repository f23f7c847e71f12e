import { useId, useState, type FormEvent } from 'react';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { client, done } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';

const texts = sv.landing.collaborate;

/** "Samarbeta med oss": an e-mail address, stored for the team; loaded only when opened. */
export function CollaborationDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    try {
      await done(client.api.site.collaboration.$post({ json: { email } }));
      toast.success(texts.success, { description: texts.successText });
      onClose();
    } catch {
      // The typed address stays, so trying again is one click.
      toast.error(texts.failure, { description: texts.failureText });
      setSending(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{texts.title}</DialogTitle>
            <DialogDescription>{texts.text}</DialogDescription>
          </DialogHeader>
          <div className="ui-field">
            <Label htmlFor={`${id}-email`}>{texts.email}</Label>
            <Input
              id={`${id}-email`}
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              placeholder={texts.emailPlaceholder}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button type="submit" disabled={sending}>
              {sending ? texts.submitting : texts.submit}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
