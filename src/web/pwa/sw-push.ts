import type { PushMessage } from '#shared/api/push.ts';
import { shell } from '#shared/i18n/sv/shell.ts';

// The parts of the service worker's global scope these handlers use, written out so this module type-checks with
// the page's DOM library as well as the worker's; a ServiceWorkerGlobalScope fits them.
type Waitable = { waitUntil(work: Promise<unknown>): void };
export type PushEventLike = Waitable & { readonly data: { json(): unknown } | null };
export type NotificationClickLike = Waitable & { readonly notification: { readonly data: unknown; close(): void } };
type ClientLike = { readonly url: string };
type WindowClientLike = ClientLike & { focus(): Promise<unknown>; navigate(url: string): Promise<unknown> };

export interface PushWorkerScope {
  readonly location: { readonly origin: string };
  readonly registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly ClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickLike) => void): void;
}

const APP_HOME = '/app';

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The server's message (decision 048), or null for anything else: a push from us is always shown. */
export function readPushMessage(data: { json(): unknown } | null): PushMessage | null {
  let value: unknown;
  try {
    value = data?.json();
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { title, body, url, tag } = value as Record<string, unknown>;
  if (!isText(title) || !isText(body) || !isText(tag)) return null;
  // Only a path of this site: a notification never opens another site.
  const path = isText(url) && url.startsWith('/') && !url.startsWith('//') ? url : APP_HOME;
  return { title, body, url: path, tag };
}

const isWindowClient = (client: ClientLike): client is WindowClientLike => 'focus' in client && 'navigate' in client;

/** Opens `path` in a Kvitt tab already open (focused and moved there), or in a new one. */
async function openPage(scope: PushWorkerScope, path: string): Promise<void> {
  const target = new URL(path, scope.location.origin).href;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url.startsWith(scope.location.origin) && isWindowClient(client));
  if (open && isWindowClient(open)) {
    await open.focus();
    if (open.url !== target) await open.navigate(target);
    return;
  }
  await scope.clients.openWindow(target);
}

/**
 * Registers the service worker's `push` handler (every message becomes a notification in Swedish, one per tag) and
 * its `notificationclick` handler (opens the group the message is about). Call once with the worker's `self`.
 */
export function registerPushHandlers(scope: PushWorkerScope): void {
  scope.addEventListener('push', (event) => {
    const message = readPushMessage(event.data);
    const shown = message
      ? scope.registration.showNotification(message.title, {
          body: message.body,
          tag: message.tag,
          lang: 'sv',
          data: { url: message.url },
        })
      : scope.registration.showNotification(shell.product, { lang: 'sv', data: { url: APP_HOME } });
    event.waitUntil(shown);
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const url = isText(data?.url) && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : APP_HOME;
    event.waitUntil(openPage(scope, url));
  });
}
