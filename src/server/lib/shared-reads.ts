/**
 * One read per key at a time, shared by the callers that wait for it. A caller joins the next read to start, never
 * one already running, so what it gets was read after it asked: a change committed before it asked is always seen
 * (decision 075). Under load a key is read once per round trip however many callers ask.
 */
export function sharedReads<T>(read: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  const queued = new Map<string, Promise<T>>();

  const start = (key: string): Promise<T> => {
    const reading = read(key).finally(() => {
      if (running.get(key) === reading) running.delete(key);
    });
    running.set(key, reading);
    return reading;
  };

  return (key) => {
    const next = queued.get(key);
    if (next) return next;
    const current = running.get(key);
    if (!current) return start(key);
    const after = current.then(
      () => undefined,
      () => undefined,
    );
    const waiting = after.then(() => {
      queued.delete(key);
      return start(key);
    });
    queued.set(key, waiting);
    return waiting;
  };
}
