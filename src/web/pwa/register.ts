import { registerSW } from 'virtual:pwa-register';
import * as sv from '#shared/i18n/sv.ts';
import { toast } from '../lib/toast.ts';

const texts = sv.pwa.update;

/**
 * Registers the service worker (sw.ts). A new version waits until the person chooses: "Ny version finns" stays on
 * screen with "Läs in igen", which lets the new worker take over and reloads the page (decision 047). Loaded after
 * the first render by main.tsx, so it is never on a page's first load.
 */
export function registerServiceWorker(): void {
  const update = registerSW({
    onNeedRefresh() {
      toast.info(texts.title, {
        id: 'new-version',
        description: texts.text,
        duration: Number.POSITIVE_INFINITY,
        action: { label: texts.reload, onClick: () => void update(true) },
      });
    },
    onRegisterError(error: unknown) {
      console.warn('Service worker not registered', error);
    },
  });
}
