import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { PushMessage } from '#shared/api/push.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../logger.ts';
import { removeSubscription, subscriptionsOf } from './subscriptions.ts';
import type { StoredSubscription } from './subscriptions.ts';
import type { VapidKeys } from './vapid.ts';

/** A message waits at the push service for a device that is off for at most a day; older news is no news. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
/** A push service that does not answer in this time is given up on; the message is logged as not sent. */
const SEND_TIMEOUT_MS = 10_000;

export type PushSenderDeps = {
  db: Db;
  vapid: VapidKeys;
  logger: Logger;
  /** The TLS agent for requests to push services; tests pass one that trusts their local push service. */
  agent?: Agent | undefined;
};

export interface PushSender {
  readonly publicKey: string;
  /**
   * Runs `task` in the background: it returns at once and never throws, so the request that caused a message is
   * neither slowed nor failed by it. A failure is logged.
   */
  later(task: () => Promise<void>): void;
  /**
   * Sends `message` to every device of `userIds`. A device that fails is logged and skipped; a subscription the
   * push service calls gone (404, 410) is removed.
   */
  deliverTo(userIds: string[], message: PushMessage): Promise<void>;
  /** Resolves when every background task started so far has ended (tests, shutdown). */
  idle(): Promise<void>;
}

export function createPushSender({ db, vapid, logger, agent }: PushSenderDeps): PushSender {
  const inFlight = new Set<Promise<void>>();
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };

  async function deliver(subscription: StoredSubscription, payload: string): Promise<void> {
    try {
      await webPush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        { vapidDetails, TTL: TIME_TO_LIVE_SECONDS, timeout: SEND_TIMEOUT_MS, ...(agent ? { agent } : {}) },
      );
    } catch (error) {
      if (error instanceof webPush.WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
        await removeSubscription(db, subscription.id);
        logger.info({ subscriptionId: subscription.id, status: error.statusCode }, 'push subscription gone; removed');
        return;
      }
      const status = error instanceof webPush.WebPushError ? error.statusCode : undefined;
      logger.warn({ err: error, status, subscriptionId: subscription.id }, 'push message not sent');
    }
  }

  return {
    publicKey: vapid.publicKey,
    later(task) {
      const work: Promise<void> = Promise.resolve()
        .then(task)
        .catch((error: unknown) => logger.error({ err: error }, 'push messages not sent'))
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
    },
    async deliverTo(userIds, message) {
      const subscriptions = await subscriptionsOf(db, [...new Set(userIds)]);
      const payload = JSON.stringify(message);
      await Promise.all(subscriptions.map((subscription) => deliver(subscription, payload)));
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
