/// <reference lib="webworker" />
/**
 * Kvitt's service worker (decision 047), built by vite-plugin-pwa with Workbox: the app shell is precached so every
 * page opens without a connection; API answers are never cached here (the signed-in user's data is kept per user by
 * the page, pwa/offline-cache.ts); a photo shared to Kvitt is received here and handed to "Lägg till kvitto".
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerPushHandlers } from './pwa/sw-push.ts';
import {
  SHARE_TARGET_PATH,
  SHARED_FILE_FIELD,
  SHARED_FILES_CACHE,
  SHARED_PARAM,
  sharedFileKey,
} from './pwa/share-target.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page is the one index.html; the client router draws it. /api is the server's alone.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }));

/** Keeps the shared photo in Cache Storage and opens "Lägg till kvitto" with its id, to choose the group. */
async function receiveSharedPhoto(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const file = form?.getAll(SHARED_FILE_FIELD).find((value): value is File => value instanceof File && value.size > 0);
  if (!file) return Response.redirect('/app/add-expense', 303);
  const id = crypto.randomUUID();
  const cache = await caches.open(SHARED_FILES_CACHE);
  const headers = {
    'content-type': file.type || 'application/octet-stream',
    'x-file-name': encodeURIComponent(file.name),
  };
  await cache.put(sharedFileKey(id), new Response(file, { headers }));
  return Response.redirect(`/app/add-expense?${SHARED_PARAM}=${encodeURIComponent(id)}`, 303);
}

registerRoute(
  ({ url }) => url.pathname === SHARE_TARGET_PATH,
  ({ request }) => receiveSharedPhoto(request),
  'POST',
);

// "Ny version finns" → "Läs in igen": the page asks the waiting worker to take over, then reloads (pwa/register.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

// Web Push (decision 048): a message shown as a notification, and a tap on it opening the group.
registerPushHandlers(self);
