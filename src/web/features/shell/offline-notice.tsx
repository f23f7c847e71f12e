import { WifiOffIcon } from 'lucide-react';
import * as sv from '#shared/i18n/sv.ts';
import { useOnline } from '../../lib/online.ts';

const texts = sv.pwa.offline;

/** "Du är offline" above every signed-in page while there is no connection: what shows is the saved copy. */
export function OfflineNotice() {
  const online = useOnline();
  // Always in the page, so the change is announced by the live region when the connection drops.
  return (
    <div role="status" className="empty:hidden">
      {online ? null : (
        <div className="mb-4 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
          <WifiOffIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>
            <strong className="font-semibold">{texts.title}</strong> {texts.text}
          </p>
        </div>
      )}
    </div>
  );
}
