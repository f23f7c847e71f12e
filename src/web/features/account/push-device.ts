import { queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { PushSubscriptionBody } from '#shared/api/push.ts';
import { client, done, read, withSignal } from '../../lib/api.ts';

const push = client.api.push;

/**
 * This device's notifications (decision 048): `unsupported` (no Web Push in this browser), `denied` (blocked in the
 * browser), `off`, or `on` when the browser's subscription is the one the server holds for this session.
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** How long a browser step (the service worker, the push service) may take before turning notifications on fails. */
const WORKER_WAIT_MS = 10_000;

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window &&
  window.isSecureContext;

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function readState(signal?: AbortSignal): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const [browser, server] = await Promise.all([
    currentSubscription(),
    read(push.subscription.$get({}, signal ? withSignal(signal) : undefined)),
  ]);
  return browser !== null && Notification.permission === 'granted' && browser.endpoint === server.endpoint
    ? 'on'
    : 'off';
}

export const pushStateKey = ['account', 'push'] as const;

export const pushStateQuery = queryOptions({
  queryKey: pushStateKey,
  queryFn: ({ signal }) => readState(signal),
});

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/** Settles as `step` does, or fails after `ms`: a browser step that never answers must not leave the button spinning. */
function within<T>(step: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new Error(`${what} did not answer`)), ms);
    step.then(
      (value) => {
        window.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        window.clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

const workerReady = () => within(navigator.serviceWorker.ready, WORKER_WAIT_MS, 'the service worker');

const saveOnServer = (subscription: PushSubscription) =>
  read(push.subscription.$put({ json: subscription.toJSON() as PushSubscriptionBody }));

/**
 * "Slå på notiser": asks the browser's permission, subscribes with the server's key (a subscription made for an
 * older key is replaced) and hands the subscription to the server. Answers the state the device ends in:
 * `denied` when the person blocked notifications, `off` when they dismissed the question.
 */
export async function enablePush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const { publicKey } = await read(push['public-key'].$get());
  const applicationServerKey = keyBytes(publicKey);
  const registration = await workerReady();
  const existing = await registration.pushManager.getSubscription();
  if (existing && !sameKey(existing.options.applicationServerKey, applicationServerKey)) await existing.unsubscribe();
  // A browser that cannot reach its push service may never answer the subscription.
  const subscription = await within(
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }),
    WORKER_WAIT_MS,
    'the push service',
  );
  await saveOnServer(subscription);
  return 'on';
}

/** "Stäng av notiser": the server forgets this device first, so no message is sent even if the browser step fails. */
export async function disablePush(): Promise<PushState> {
  await done(push.subscription.$delete());
  await (await currentSubscription().catch(() => null))?.unsubscribe().catch(() => false);
  return pushSupported() && Notification.permission === 'denied' ? 'denied' : 'off';
}

/**
 * A password change ends every session, this one included, and the device's subscription with it; a device that
 * had notifications on keeps them by handing its subscription to the new session.
 */
export async function keepPushAfterNewSession(queryClient: QueryClient): Promise<void> {
  if (queryClient.getQueryData<PushState>(pushStateKey) !== 'on') return;
  const subscription = await currentSubscription();
  if (subscription) await saveOnServer(subscription);
  await queryClient.invalidateQueries({ queryKey: pushStateKey });
}
