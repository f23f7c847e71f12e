import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellIcon, BellOffIcon } from 'lucide-react';
import * as sv from '#shared/i18n/sv.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Alert, Skeleton } from '../../components/ui/feedback.tsx';
import { toast } from '../../lib/toast.ts';
import { failureText } from './account-api.ts';
import { disablePush, enablePush, pushStateKey, pushStateQuery } from './push-device.ts';
import type { PushState } from './push-device.ts';

const texts = sv.notifications.settings;

/** "Notiser": this device's opt-in to push notifications, and why it cannot be turned on when it cannot. */
export function NotificationsCard() {
  return (
    <Card data-testid="notifications-card">
      <CardHeader>
        <CardTitle>{texts.title}</CardTitle>
        <CardDescription>{texts.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <NotificationsSetting />
      </CardContent>
    </Card>
  );
}

function NotificationsSetting() {
  const queryClient = useQueryClient();
  const state = useQuery(pushStateQuery);
  const [dismissed, setDismissed] = useState(false);
  const change = useMutation({
    mutationFn: (turnOn: boolean) => (turnOn ? enablePush() : disablePush()),
    onSuccess: (next: PushState, turnOn) => {
      queryClient.setQueryData(pushStateKey, next);
      setDismissed(turnOn && next === 'off');
      if (next === 'on') toast.success(texts.enabled);
      else if (!turnOn) toast.success(texts.disabled);
    },
    onError: (error) => {
      toast.error(failureText(error, texts.failed));
      void queryClient.invalidateQueries({ queryKey: pushStateKey });
    },
  });

  if (state.isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only">{sv.shell.loading}</span>
        <Skeleton className="h-10" />
      </div>
    );
  }
  if (state.isError) {
    return (
      <Alert variant="error" title={texts.failed}>
        <Button variant="outline" size="sm" className="w-fit" onClick={() => void state.refetch()}>
          {sv.shell.retry}
        </Button>
      </Alert>
    );
  }
  if (state.data === 'unsupported') return <Alert>{texts.unsupported}</Alert>;
  if (state.data === 'denied') return <Alert>{texts.denied}</Alert>;

  const on = state.data === 'on';
  const busy = change.isPending;
  return (
    <div className="grid gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm" role="status" data-testid="notifications-state">
          {on ? (
            <BellIcon className="size-4 shrink-0 text-primary" aria-hidden />
          ) : (
            <BellOffIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          )}
          {on ? texts.on : texts.off}
        </p>
        <Button
          variant={on ? 'outline' : 'default'}
          disabled={busy}
          onClick={() => change.mutate(!on)}
          className="shrink-0"
        >
          {on ? (busy ? texts.disabling : texts.disable) : busy ? texts.enabling : texts.enable}
        </Button>
      </div>
      {dismissed ? <p className="text-sm text-muted-foreground">{texts.dismissed}</p> : null}
    </div>
  );
}
