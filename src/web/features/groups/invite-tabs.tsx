import { useEffect, useEffectEvent } from 'react';
import { CopyIcon, DownloadIcon, LinkIcon, RefreshCwIcon, Share2Icon, XCircleIcon } from 'lucide-react';
import type { InviteLink } from '#shared/api/invites.ts';
import { QR_SIZE_PX } from '#shared/api/invites.ts';
import { formatInviteCode } from '#shared/domain/invite-code.ts';
import { formatDateTime } from '#shared/format.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { useInviteActions } from './invite-queries.ts';

const texts = sv.groups.invite;

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(texts.copied);
  } catch {
    toast.error(texts.copyFailed);
  }
}

/**
 * The phone's share sheet with the link and a Swedish message; where the browser has none (most desktops) or refuses
 * it, the link is copied instead. Closing the sheet without choosing is no failure.
 */
async function shareLink(groupName: string, url: string): Promise<void> {
  const data = {
    title: sv.fill(texts.shareTitle, { group: groupName }),
    text: sv.fill(texts.shareText, { group: groupName }),
    url,
  };
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copy(url);
}

interface LinkTabProps {
  groupId: string;
  groupName: string;
  link: InviteLink | null;
  /** Whether joining is open: only then is a link made by itself when the dialog opens without one. */
  joiningOpen: boolean;
  /** True the first time it is asked in this opening of the dialog: a link is made at most once per opening. */
  firstShow: () => boolean;
}

/**
 * Länk: the working link, ready when the dialog opens (made then if there is none), with "Dela inbjudan", copy,
 * "Skapa ny länk" (7 days) and revoke, which clears link and QR.
 */
export function LinkTab({ groupId, groupName, link, joiningOpen, firstShow }: LinkTabProps) {
  const { create, revoke } = useInviteActions(groupId);
  const createLink = () =>
    create.mutate(undefined, {
      onSuccess: () => toast.success(texts.created),
      onError: (error) => toast.error(texts.createFailed, { description: errorText(error) }),
    });
  const linkOnOpen = useEffectEvent(() => {
    if (firstShow() && !link && joiningOpen)
      create.mutate(undefined, {
        onError: (error) => toast.error(texts.createFailed, { description: errorText(error) }),
      });
  });
  useEffect(() => linkOnOpen(), []);
  const revokeLink = (token: string) =>
    revoke.mutate(token, {
      onSuccess: () => toast.success(texts.revoked),
      onError: (error) => toast.error(texts.revokeFailed, { description: errorText(error) }),
    });
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{texts.linkIntro}</p>
      {link ? (
        <>
          <div className="flex gap-2">
            <Input
              readOnly
              value={link.url}
              aria-label={texts.linkLabel}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 font-mono text-xs"
            />
            <Button variant="outline" onClick={() => void copy(link.url)}>
              <CopyIcon aria-hidden />
              {texts.copy}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            {sv.fill(texts.validUntil, { date: formatDateTime(link.expiresAt) })}
          </p>
          <Button className="w-full sm:w-fit" onClick={() => void shareLink(groupName, link.url)}>
            <Share2Icon aria-hidden />
            {texts.share}
          </Button>
        </>
      ) : (
        <p className="rounded-md border border-dashed p-3 text-sm" role="status">
          {texts.noLink}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant={link ? 'outline' : 'default'} onClick={createLink} disabled={create.isPending}>
          {link ? <RefreshCwIcon aria-hidden /> : <LinkIcon aria-hidden />}
          {create.isPending ? texts.creating : texts.createLink}
        </Button>
        {link ? (
          <Button variant="outline" onClick={() => revokeLink(link.token)} disabled={revoke.isPending}>
            <XCircleIcon aria-hidden />
            {texts.revoke}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** Kod: the group code with a hyphen before its last 4 characters, for the "Gå med i grupp" page. */
export function CodeTab({ code }: { code: string }) {
  const shown = formatInviteCode(code);
  return (
    <div className="grid justify-items-center gap-3 py-2 text-center">
      <p className="text-sm font-medium" id="invite-code-label">
        {texts.codeLabel}
      </p>
      <p
        aria-labelledby="invite-code-label"
        className="font-mono text-3xl font-semibold tracking-[0.2em]"
        data-testid="invite-code"
      >
        {shown}
      </p>
      <p className="text-sm text-muted-foreground">{texts.codeHint}</p>
      <Button variant="outline" onClick={() => void copy(shown)}>
        <CopyIcon aria-hidden />
        {texts.copyCode}
      </Button>
    </div>
  );
}

/** QR: the link as a 300×300 PNG drawn by Kvitt's server (the URL never goes to a third party), downloadable. */
export function QrTab({ groupName, link }: { groupName: string; link: InviteLink | null }) {
  if (!link) {
    return (
      <p className="rounded-md border border-dashed p-3 text-sm" role="status">
        {texts.qrNeedsLink}
      </p>
    );
  }
  const fileName = `kvitt-inbjudan-${
    groupName
      .toLowerCase()
      .replace(/[^a-z0-9åäö]+/g, '-')
      .replace(/^-|-$/g, '') || 'grupp'
  }.png`;
  return (
    <div className="grid justify-items-center gap-3">
      <p className="text-sm text-muted-foreground">{texts.qrIntro}</p>
      <img
        src={link.qrUrl}
        width={QR_SIZE_PX}
        height={QR_SIZE_PX}
        alt={sv.fill(texts.qrAlt, { group: groupName })}
        className="size-[300px] max-w-full rounded-md border bg-white"
      />
      <a href={link.qrUrl} download={fileName} className={buttonClasses({ variant: 'outline' })}>
        <DownloadIcon aria-hidden />
        {texts.download}
      </a>
    </div>
  );
}
