export type PeriodicJob = { stop(): Promise<void> };

export type PeriodicTiming = { firstMs: number; everyMs: number };

/**
 * Runs `work` once `firstMs` after start, so a server restarted often still runs it, then every `everyMs`; never two
 * runs at once. A failed run goes to `onError` and the next one comes as planned. The timers never keep the process
 * alive; `stop` cancels them and waits for a run in progress, so the database can close after it.
 */
export function startPeriodicJob(
  work: () => Promise<void>,
  timing: PeriodicTiming,
  onError: (error: unknown) => void,
): PeriodicJob {
  let running: Promise<void> | null = null;
  let stopped = false;

  const tick = () => {
    if (running || stopped) return;
    running = work()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  };

  const first = setTimeout(tick, timing.firstMs);
  const every = setInterval(tick, timing.everyMs);
  first.unref();
  every.unref();

  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
