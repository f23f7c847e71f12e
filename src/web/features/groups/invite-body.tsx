import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GroupDetail } from '#shared/api/groups.ts';
import * as sv from '#shared/i18n/sv.ts';
import { Alert, Spinner } from '../../components/ui/feedback.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { errorText } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { groupInviteQuery, useInviteActions } from './invite-queries.ts';
import { CodeTab, LinkTab, QrTab } from './invite-tabs.tsx';

const texts = sv.groups.invite;

/** The invite dialog's content: tabs Länk, Kod and QR, and the switch that opens or closes joining. */
export function InviteBody({ group }: { group: Pick<GroupDetail, 'id' | 'name'> }) {
  const invite = useQuery(groupInviteQuery(group.id));
  // Mounted once per opening of the dialog: the Länk tab makes a missing link only on its first showing.
  const shown = useRef(false);
  const firstShow = () => {
    const first = !shown.current;
    shown.current = true;
    return first;
  };
  if (invite.isPending) return <Spinner className="justify-center py-8" />;
  if (invite.isError)
    return (
      <Alert variant="error" title={texts.loadFailed}>
        {errorText(invite.error)}
      </Alert>
    );
  return (
    <div className="grid min-w-0 gap-4">
      <Tabs defaultValue="link" className="min-w-0">
        <TabsList className="w-full">
          <TabsTrigger value="link">{texts.tabs.link}</TabsTrigger>
          <TabsTrigger value="code">{texts.tabs.code}</TabsTrigger>
          <TabsTrigger value="qr">{texts.tabs.qr}</TabsTrigger>
        </TabsList>
        <TabsContent value="link">
          <LinkTab
            groupId={group.id}
            groupName={group.name}
            link={invite.data.link}
            joiningOpen={invite.data.invitesEnabled}
            firstShow={firstShow}
          />
        </TabsContent>
        <TabsContent value="code">
          <CodeTab code={invite.data.code} />
        </TabsContent>
        <TabsContent value="qr">
          <QrTab groupName={group.name} link={invite.data.link} />
        </TabsContent>
      </Tabs>
      <JoiningSwitch groupId={group.id} enabled={invite.data.invitesEnabled} />
    </div>
  );
}

function JoiningSwitch({ groupId, enabled }: { groupId: string; enabled: boolean }) {
  const { setJoining } = useInviteActions(groupId);
  const change = (next: boolean) =>
    setJoining.mutate(next, {
      onError: (error) => toast.error(texts.joiningFailed, { description: errorText(error) }),
    });
  return (
    <div className="flex items-start justify-between gap-4 border-t pt-4">
      <div className="grid gap-0.5">
        <label htmlFor={`joining-${groupId}`} className="text-sm font-medium">
          {texts.joiningOpen}
        </label>
        <p id={`joining-${groupId}-hint`} className="text-sm text-muted-foreground">
          {texts.joiningHint}
        </p>
      </div>
      <Switch
        id={`joining-${groupId}`}
        aria-describedby={`joining-${groupId}-hint`}
        checked={enabled}
        disabled={setJoining.isPending}
        onCheckedChange={change}
      />
    </div>
  );
}
