import { createECDH, createPublicKey, createDecipheriv, hkdfSync, randomBytes, verify } from 'node:crypto';
import { Agent, createServer } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushMessage, PushSubscriptionBody } from '#shared/api/push.ts';

// A self-signed certificate for 127.0.0.1 (P-256, valid until 2126), made for these tests only: push services speak
// HTTPS, and web-push sends over nothing else. The sender trusts it through the agent this module hands out, or, in
// the browser tests' server process, through NODE_EXTRA_CA_CERTS.
export const TEST_PUSH_CERT = `-----BEGIN CERTIFICATE-----
MIIBrDCCAVKgAwIBAgIUROEo9VztZzvrWdOSdfbNdlslnzkwCgYIKoZIzj0EAwIw
IjEgMB4GA1UEAwwXS3ZpdHQgdGVzdCBwdXNoIHNlcnZpY2UwIBcNMjYxMTI1MTc1
MzI0WhgPMjEyNjExMDExNzUzMjRaMCIxIDAeBgNVBAMMF0t2aXR0IHRlc3QgcHVz
aCBzZXJ2aWNlMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEp0vonBNXTqGv0T1F
KCd6zLj55gQlxhEIlId9WPjMZDCQtZU+WhInI7//ykkj2KrijtfKWRzQFJnVEmGG
1nnvnKNkMGIwHQYDVR0OBBYEFPiNxcw87ynwv8VgMLQ97Rv5lttHMB8GA1UdIwQY
MBaAFPiNxcw87ynwv8VgMLQ97Rv5lttHMA8GA1UdEwEB/wQFMAMBAf8wDwYDVR0R
BAgwBocEfwAAATAKBggqhkjOPQQDAgNIADBFAiAt5FBYTAq/o/BpX40uChQy4a53
Pm5ftLaEbsEEUtRvAwIhAP6JO8mNH8k37Az79HNrE4iE+Tsg5R+4s/aOd461cHU/
-----END CERTIFICATE-----
`;
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgceS0CjQ2T1Pv2NAW
aRDSlLm7hVzNuFsmVifyvudHDLqhRANCAASnS+icE1dOoa/RPUUoJ3rMuPnmBCXG
EQiUh31Y+MxkMJC1lT5aEicjv//KSSPYquKO18pZHNAUmdUSYYbWee+c
-----END PRIVATE KEY-----
`;

export type ReceivedPush = {
  /** The decrypted message as the browser would hand it to the service worker. */
  message: PushMessage;
  ttl: number;
  /** The VAPID key the request was signed with (RFC 8292), checked against the JWT's signature and audience. */
  vapidKey: string;
};

export type TestDevice = {
  /** What a browser's PushSubscription.toJSON() gives, for PUT /api/push/subscription. */
  subscription: PushSubscriptionBody;
  received: ReceivedPush[];
  /** The status the service answers this device's next requests with (201 by default; 410 once it is gone). */
  answer(status: number): void;
  /** Makes the service take `ms` before answering this device's requests, as a slow push service does. */
  delay(ms: number): void;
};

export type TestPushService = {
  /** Trusts the service's certificate; hand it to createTestServer as pushAgent. */
  agent: Agent;
  /** A new browser: its own P-256 key pair and auth secret, its own endpoint. */
  device(): TestDevice;
  /** Requests that could not be read, decrypted or verified; a correct sender leaves this empty. */
  failures: string[];
  close(): Promise<void>;
};

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const info = (label: string, ...parts: Uint8Array[]) =>
  Buffer.concat([Buffer.from(label, 'utf8'), Buffer.from([0]), ...parts]);

type DeviceKeys = { ecdh: ReturnType<typeof createECDH>; publicKey: Buffer; authSecret: Buffer };

/** Decrypts an aes128gcm Web Push body (RFC 8291 over RFC 8188) with the device's private key and auth secret. */
export function decryptPush(body: Buffer, keys: DeviceKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + keyIdLength);
  const records = body.subarray(21 + keyIdLength);
  if (records.length > recordSize) throw new Error('a message of more than one record');
  const sharedSecret = keys.ecdh.computeSecret(serverPublicKey);
  const ikm = Buffer.from(
    hkdfSync('sha256', sharedSecret, keys.authSecret, info('WebPush: info', keys.publicKey, serverPublicKey), 32),
  );
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero or more zero bytes of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>`: an ES256 JWT signed by k, for this origin, not expired. */
function verifyVapid(header: string | undefined, origin: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token = '', key = ''] = match;
  const [head = '', claims = '', signature = ''] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = Buffer.from(`${head}.${claims}`);
  if (!verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) {
    throw new Error('VAPID signature does not verify');
  }
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { aud?: string; exp?: number };
  if (payload.aud !== origin) throw new Error(`VAPID audience ${payload.aud}, expected ${origin}`);
  if (!payload.exp || payload.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return key;
}

/** A push service on 127.0.0.1 speaking the Web Push protocol (RFC 8030) over HTTPS, for the integration tests. */
export async function startPushService(): Promise<TestPushService> {
  const devices = new Map<string, { keys: DeviceKeys; device: TestDevice; status: number; delayMs: number }>();
  const failures: string[] = [];
  const server = createServer({ cert: TEST_PUSH_CERT, key: TEST_KEY }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = devices.get(request.url ?? '');
      if (request.method !== 'POST' || !entry) {
        response.writeHead(404).end();
        return;
      }
      setTimeout(() => respond(entry, request, response, Buffer.concat(chunks)), entry.delayMs);
    });
  });
  const respond = (
    entry: { keys: DeviceKeys; device: TestDevice; status: number },
    request: IncomingMessage,
    response: ServerResponse,
    body: Buffer,
  ) => {
    if (entry.status !== 201) {
      response.writeHead(entry.status).end();
      return;
    }
    try {
      if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
      const vapidKey = verifyVapid(request.headers.authorization, origin);
      const text = decryptPush(body, entry.keys);
      const ttl = Number(request.headers.ttl);
      entry.device.received.push({ message: JSON.parse(text) as PushMessage, ttl, vapidKey });
      response.writeHead(201, { location: `${request.url}/message` }).end();
    } catch (error) {
      failures.push(String(error));
      response.writeHead(400).end();
    }
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: TEST_PUSH_CERT, keepAlive: false });
  let count = 0;

  return {
    agent,
    failures,
    device() {
      count += 1;
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const path = `/push/device-${count}-${randomBytes(6).toString('hex')}`;
      const device: TestDevice = {
        subscription: { endpoint: `${origin}${path}`, keys: { p256dh: b64(publicKey), auth: b64(authSecret) } },
        received: [],
        answer: (status) => {
          entry.status = status;
        },
        delay: (ms) => {
          entry.delayMs = ms;
        },
      };
      const entry = { keys: { ecdh, publicKey, authSecret }, device, status: 201, delayMs: 0 };
      devices.set(path, entry);
      return device;
    },
    async close() {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
