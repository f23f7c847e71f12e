import net from 'node:net';

/**
 * Makes every network attempt of this thread fail and counts it: fetch and socket connections (HTTP, HTTPS, raw
 * TCP all pass through net.Socket#connect). `restore()` puts the originals back.
 */
export function blockNetwork(): { attempts: string[]; restore(): void } {
  const attempts: string[] = [];
  const originalFetch = globalThis.fetch;
  const originalConnect = net.Socket.prototype.connect;
  globalThis.fetch = ((input: unknown) => {
    attempts.push(`fetch ${String(input)}`);
    return Promise.reject(new Error('network is blocked in this test'));
  });
  net.Socket.prototype.connect = function connect(this: net.Socket, ...args: unknown[]) {
    attempts.push(`connect ${JSON.stringify(args[0])}`);
    throw new Error('network is blocked in this test');
  };
  return {
    attempts,
    restore() {
      globalThis.fetch = originalFetch;
      net.Socket.prototype.connect = originalConnect;
    },
  };
}

/** Absolute path of the worker script that runs tesseract.js with the network shut. */
export const OFFLINE_WORKER_PATH = new URL('./offline-worker.ts', import.meta.url).pathname;
