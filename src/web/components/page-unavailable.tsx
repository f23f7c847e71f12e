import { CloudOffIcon } from 'lucide-react';
import * as sv from '#shared/i18n/sv.ts';
import { useOnline } from '../lib/online.ts';
import { Button } from './ui/button.tsx';

/**
 * Instead of a skeleton that never ends: the page's data could not be loaded (offline and not saved on this device,
 * or the server did not answer), said plainly with "Försök igen".
 */
export function PageUnavailable({ onRetry }: { onRetry: () => void }) {
  const online = useOnline();
  return (
    <section
      role="alert"
      className="mx-auto grid w-full max-w-md justify-items-center gap-3 rounded-xl border p-6 text-center"
    >
      <CloudOffIcon aria-hidden className="size-8 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{online ? sv.shell.loadFailed : sv.pwa.offline.unavailableTitle}</h2>
      <p className="text-sm text-muted-foreground">
        {online ? sv.shell.loadFailedText : sv.pwa.offline.unavailableText}
      </p>
      <Button onClick={onRetry}>{sv.shell.retry}</Button>
    </section>
  );
}

/** A query that waits for a connection and has nothing saved to show: it would stay a skeleton for good. */
export const isStalled = (query: { data: unknown; fetchStatus: string }) =>
  query.data === undefined && query.fetchStatus === 'paused';
