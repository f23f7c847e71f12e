import type { TestClient } from './harness.ts';

export type StreamEvent = { event: string; data: Record<string, unknown> };

export type OpenStream = {
  received: StreamEvent[];
  waitFor(predicate: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  changes(): Array<Record<string, unknown>>;
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
  close(): Promise<void>;
};

/** Opens GET /api/events as the browser's EventSource would read it, once `ready` has arrived. */
export async function openStream(
  client: TestClient,
  fetcher: (request: Request) => Promise<Response>,
): Promise<OpenStream> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetcher(new Request('http://kvitt.test/api/events', { headers: { cookie } }));
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    throw new Error(`not an event stream: ${response.status} ${await response.text()}`);
  }
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const received: StreamEvent[] = [];
  let buffer = '';
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) received.push({ event, data: JSON.parse(data) as Record<string, unknown> });
      }
    }
  })();
  const waitFor = async (predicate: (event: StreamEvent) => boolean, timeoutMs = 5000) => {
    const started = Date.now();
    for (;;) {
      const found = received.find(predicate);
      if (found) return found;
      if (Date.now() - started > timeoutMs) throw new Error(`no such event; got ${JSON.stringify(received)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  await waitFor((event) => event.event === 'ready');
  return {
    received,
    waitFor,
    changes: () => received.filter((r) => r.event === 'change').map((r) => r.data),
    ended: ended.catch(() => undefined),
    close: async () => {
      await reader.cancel();
      await ended.catch(() => undefined);
    },
  };
}
