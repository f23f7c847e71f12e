import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorStatus, isErrorCode } from '#shared/errors.ts';
import { createPrng } from '#shared/domain/testing/prng.ts';
import { startFakeStripe } from './testing/stripe-server.ts';
import { createOcrPool } from './lib/ocr/index.ts';
import type { OcrPool } from './lib/ocr/index.ts';
import { OFFLINE_WORKER_PATH } from './lib/ocr/testing/network-guard.ts';
import { ecbXml, startEcbServer } from './testing/ecb-server.ts';
import type { EcbServer } from './testing/ecb-server.ts';
import { casesFor } from './testing/fuzz/cases.ts';
import { operationsOf } from './testing/fuzz/operations.ts';
import type { Operation } from './testing/fuzz/operations.ts';
import { buildRequest } from './testing/fuzz/request.ts';
import { buildWorld, samplePhoto } from './testing/fuzz/world.ts';
import type { Account } from './testing/fuzz/world.ts';
import { createTestServer } from './testing/harness.ts';
import type { TestServer } from './testing/harness.ts';

// Every operation of /api/openapi.json, sent malformed requests generated from its own schemas. Replay a run with
// FUZZ_SEED=<the printed seed>; the random cases are the only part that changes between seeds.
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 32));
const generous = { limit: 10_000, windowMs: 60_000 };

let server: TestServer;
let feed: EcbServer;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let pool: OcrPool;
let photo: Buffer;
let owner: Account;
let member: Account;

beforeAll(async () => {
  feed = await startEcbServer(
    ecbXml([
      { date: '2026-11-02', rates: { USD: '1.1000', SEK: '11.0000' } },
      { date: '2026-10-30', rates: { USD: '1.0900', SEK: '11.1000' } },
    ]),
  );
  stripe = await startFakeStripe();
  pool = await createOcrPool({ workers: 1, timeoutMs: 60_000, workerPath: OFFLINE_WORKER_PATH });
  server = await createTestServer({
    receiptReader: pool,
    authRateRules: { signIn: generous, signUp: generous, reset: generous },
    env: {
      // Rate limits then key on the forwarded address, which the fuzz suite fills with junk.
      TRUST_PROXY: 'true',
      ECB_RATES_URL: feed.url,
      STRIPE_SECRET_KEY: 'sk_test_kvitt',
      STRIPE_PRICE_MONTHLY: 'price_month',
      STRIPE_PRICE_YEARLY: 'price_year',
      STRIPE_WEBHOOK_SECRET: 'whsec_kvitt_fuzz',
      STRIPE_API_BASE: stripe.url,
    },
  });
  photo = await samplePhoto();
  owner = await server.signUp({ name: 'Fuzz Ägare' });
  member = await server.signUp({ name: 'Fuzz Medlem' });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await pool?.close();
  await stripe?.close();
  await feed?.close();
});

/** Why an answer breaks the contract, or null: no 5xx, and every error a catalogued code with its own status. */
async function verdictOn(response: Response): Promise<string | null> {
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return null;
  }
  const text = await response.text();
  if (response.status >= 500) return `${response.status} ${text.slice(0, 200)}`;
  if (response.status < 400) return null;
  let code: unknown;
  try {
    code = (JSON.parse(text) as { error?: { code?: unknown } }).error?.code;
  } catch {
    return `${response.status} without an error body: ${text.slice(0, 200)}`;
  }
  if (!isErrorCode(code)) return `${response.status} with a code outside the catalogue: ${String(code)}`;
  if (errorStatus[code] !== response.status)
    return `${response.status} for ${code}, which the catalogue answers ${errorStatus[code]}`;
  return null;
}

/** A deletion that succeeded used up its world: the next case gets a new one (deleting the account, a new user too). */
const usesUpWorld = (operation: Operation, status: number) => operation.method === 'DELETE' && status < 300;
const endsTheAccount = (operation: Operation) => operation.id === 'DELETE /api/account';

async function worldFor(operation: Operation) {
  const who = endsTheAccount(operation) ? await server.signUp({ name: 'Fuzz Lämnar' }) : owner;
  return buildWorld(server, who, member, photo);
}

describe('the API under malformed requests', () => {
  it('answers every operation of the OpenAPI document with a catalogued error, never a 5xx', async () => {
    const document = (await server.client().get('/api/openapi.json')).body;
    const operations = operationsOf(document);
    const prng = createPrng(seed);
    const failures: string[] = [];
    let requests = 0;
    let serverErrors = 0;
    for (const operation of operations) {
      let world = await worldFor(operation);
      for (const fuzzCase of casesFor(operation, prng)) {
        const response = await server.fetch(buildRequest(operation, world, fuzzCase.change));
        requests += 1;
        if (response.status >= 500) serverErrors += 1;
        if (usesUpWorld(operation, response.status)) world = await worldFor(operation);
        const verdict = await verdictOn(response);
        if (verdict) failures.push(`${operation.id} — ${fuzzCase.label}: ${verdict}`);
      }
    }
    console.log(
      `fuzz seed ${seed} (replay with FUZZ_SEED=${seed}): ${operations.length} operations × ` +
        `${(requests / operations.length).toFixed(1)} cases on average = ${requests} requests; ` +
        `${serverErrors} answered 5xx, ${failures.length} broke the error contract`,
    );
    expect(failures).toEqual([]);
  }, 240_000);
});
