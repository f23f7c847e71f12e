import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type StripeCall = { method: string; path: string; form: URLSearchParams; authorization: string | undefined };

/**
 * Test support: a local HTTP server answering the few Stripe API calls Kvitt makes, in Stripe's own shapes
 * (form-encoded requests, JSON objects and error bodies), so the real `stripe` client runs against it.
 */
export async function startFakeStripe(options: { port?: number } = {}) {
  const calls: StripeCall[] = [];
  let checkoutBase = 'https://checkout.stripe.com';
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
      // Lets a browser test make the next Stripe call fail, as failNextWith does in-process.
      if (req.method === 'POST' && path === '/__fail-next') {
        failNext = { status: 400, type: 'invalid_request_error', message: 'No such price' };
        return send(200, { ok: true });
      }
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
          url: `${checkoutBase}/c/pay/${id}`,
        });
      }
      // The "hosted checkout page" a browser test opens in a new tab.
      if (req.method === 'GET' && path.startsWith('/c/pay/')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end('<!doctype html><html lang="en"><title>Test checkout</title><h1>Test checkout</h1></html>');
      }
      if (req.method === 'GET' && path === '/health') return send(200, { ok: true });
      const customer = /^\/v1\/customers\/([\w-]+)$/.exec(path);
      if (req.method === 'DELETE' && customer) return send(200, { id: customer[1], object: 'customer', deleted: true });
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // On a fixed port (browser tests) the checkout pages are served here too, reachable without the internet.
  if (options.port !== undefined) checkoutBase = `http://127.0.0.1:${port}`;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    failNextWith(status: number, type: string, message: string) {
      failNext = { status, type, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
