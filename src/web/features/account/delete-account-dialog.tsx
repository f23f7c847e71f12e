import { useState } from 'react';
import { Trash2Icon } from 'lucide-react';
import * as sv from '#shared/i18n/sv.ts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';

const texts = sv.account.deleteDialog;

interface DeleteAccountDialogProps {
  deleting: boolean;
  /** Resolves once the account is gone (the page then leaves), rejects to keep the dialog open. */
  onConfirm: () => Promise<void>;
}

/** "Är du helt säker?" with the list of what is deleted (decision 026) and "Ja, radera mitt konto". */
export function DeleteAccountDialog({ deleting, onConfirm }: DeleteAccountDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={(next) => !deleting && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="destructive" disabled={deleting}>
          <Trash2Icon aria-hidden />
          {sv.account.privacy.delete}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{texts.title}</AlertDialogTitle>
          <AlertDialogDescription>{texts.intro}</AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="grid list-disc gap-1 pl-6 text-sm">
          {texts.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p className="text-sm text-muted-foreground">{texts.othersNote}</p>
        <p className="text-sm font-semibold">{texts.irreversible}</p>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleting}>{texts.cancel}</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction: the dialog must stay open (and busy) until the server answers. */}
          <Button variant="destructive" disabled={deleting} onClick={() => void onConfirm().catch(() => undefined)}>
            {deleting ? texts.deleting : texts.confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
