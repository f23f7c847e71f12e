import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StripeCall = { method: string; path: string; form: URLSearchParams; authorization: string | undefined };

/**
 * Test support: a local HTTP server answering the few Stripe API calls Kvitt makes, in Stripe's own shapes
 * (form-encoded requests, JSON objects and error bodies), so the real `stripe` client runs against it.
 */
export async function startFakeStripe() {
  const calls: StripeCall[] = [];
  let failNext: { status: number; type: string; message: string } | null = null;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      calls.push({
        method: req.method ?? '',
        path,
        form: new URLSearchParams(body),
        authorization: req.headers.authorization,
      });
      const send = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${calls.length}` });
        res.end(JSON.stringify(value));
      };
      if (failNext) {
        const failure = failNext;
        failNext = null;
        return send(failure.status, { error: { type: failure.type, message: failure.message } });
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        const id = `cs_test_${calls.length}`;
        return send(200, {
          id,
          object: 'checkout.session',
          mode: 'subscription',
          url: `https://checkout.stripe.com/c/pay/${id}`,
        });
      }
      const customer = /^\/v1\/customers\/([\w-]+)$/.exec(path);
      if (req.method === 'DELETE' && customer) return send(200, { id: customer[1], object: 'customer', deleted: true });
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    failNextWith(status: number, type: string, message: string) {
      failNext = { status, type, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
