import { z } from 'zod';
import { rawText } from './text.ts';

/** Push services' URLs are a few hundred characters; anything far longer is no browser's subscription. */
export const PUSH_ENDPOINT_MAX = 2048;

const base64url = (bytes: number) =>
  rawText()
    .regex(/^[A-Za-z0-9_-]+$/)
    .length(Math.ceil((bytes * 4) / 3));

/**
 * PUT /api/push/subscription: the JSON of a browser's PushSubscription. Only https endpoints are taken: every push
 * service speaks it, and the server posts to this URL (decision 048).
 */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https$/, error: 'textInvalid' }).max(PUSH_ENDPOINT_MAX),
  keys: z.object({
    /** The browser's uncompressed P-256 public key: 65 bytes. */
    p256dh: base64url(65),
    /** The browser's auth secret: 16 bytes. */
    auth: base64url(16),
  }),
});

/** GET /api/push/public-key: the application server key a browser subscribes with (VAPID, base64url). */
export const pushPublicKeyResponse = z.object({ publicKey: z.string() });

/** GET and PUT /api/push/subscription: the endpoint this session (this device) receives on, or null when off. */
export const pushSubscriptionResponse = z.object({ endpoint: z.string().nullable() });

/** POST /groups/{groupId}/reminders: the creditor of a proposed transfer reminds its payer. */
export const remindBody = z.object({ fromMemberId: rawText(), toMemberId: rawText() });

export const remindResponse = z.object({
  /** When the next reminder of this transfer will be accepted (at most one a day). */
  nextReminderAt: z.string(),
});

/** What every push message carries, encrypted for the device; the service worker shows it as a notification. */
export type PushMessage = {
  title: string;
  body: string;
  /** The page to open when the notification is clicked (same origin). */
  url: string;
  /** One notification per tag on a device: a newer message of the same tag replaces the older. */
  tag: string;
};

export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
export type PushPublicKeyResponse = z.infer<typeof pushPublicKeyResponse>;
export type PushSubscriptionResponse = z.infer<typeof pushSubscriptionResponse>;
export type RemindBody = z.infer<typeof remindBody>;
export type RemindResponse = z.infer<typeof remindResponse>;
