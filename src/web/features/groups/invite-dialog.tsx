import { Suspense, useState } from 'react';
import { UserPlusIcon } from 'lucide-react';
import type { GroupDetail } from '#shared/api/groups.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/feedback.tsx';
import { preloadable } from '../../lib/preloadable.tsx';

// Only owners open it, and rarely: its tabs, QR and schemas are fetched when the button is reached for, not with the
// group page.
const inviteBody = preloadable(() => import('./invite-body.tsx').then((m) => m.InviteBody));
const InviteBody = inviteBody.Component;

const texts = sv.groups.invite;

/** "Bjud in till {group}" with tabs Länk, Kod and QR; owner only, as the server enforces. */
export function InviteDialog({
  group,
  variant = 'outline',
}: {
  group: Pick<GroupDetail, 'id' | 'name'>;
  variant?: 'outline' | 'default';
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant} data-tour="invite" {...inviteBody.intent}>
          <UserPlusIcon aria-hidden />
          {sv.groups.page.invite}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="break-words">{sv.fill(texts.title, { group: group.name })}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        {open ? (
          <Suspense fallback={<Spinner className="justify-center py-8" />}>
            <InviteBody group={group} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
