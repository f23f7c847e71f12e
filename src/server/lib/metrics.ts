import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Logger } from './logger.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

/** How often the event-loop delay is sampled, in ms. */
const SAMPLE_MS = 10;

export type EventLoopDelay = {
  /** The delay at this percentile since the last reset, in ms. */
  percentile(p: number): number;
  /** The longest delay since the last reset, in ms. */
  max(): number;
  reset(): void;
  stop(): void;
};

/**
 * Event-loop delay: how much later than due a timer due every 10 ms ran. Node's histogram records the time between
 * two runs of that timer, the 10 ms included (an idle loop reads 10 ms at its median), so the sampling interval is
 * taken off each figure here (decision 082).
 */
export function watchEventLoopDelay(): EventLoopDelay {
  const histogram = monitorEventLoopDelay({ resolution: SAMPLE_MS });
  histogram.enable();
  const beyondInterval = (ns: number) => (histogram.count === 0 ? 0 : round2(Math.max(0, ns / 1e6 - SAMPLE_MS)));
  return {
    percentile: (p) => beyondInterval(histogram.percentile(p)),
    max: () => beyondInterval(histogram.max),
    reset: () => histogram.reset(),
    stop: () => histogram.disable(),
  };
}

/**
 * Logs, every `intervalMs`, the event-loop delay of the interval (p50, p99, max in ms) and the process memory, as one
 * info line `metrics`: measured from inside the process, read from the log by the soak (decision 067). Nothing is
 * served over HTTP. Returns the function that stops it.
 */
export function startMetricsLog(logger: Logger, intervalMs: number): () => void {
  const delay = watchEventLoopDelay();
  const timer = setInterval(() => {
    const memory = process.memoryUsage();
    logger.info(
      {
        eventLoop: { p50: delay.percentile(50), p99: delay.percentile(99), max: delay.max() },
        rssMb: Math.round(memory.rss / 1_048_576),
        heapMb: Math.round(memory.heapUsed / 1_048_576),
      },
      'metrics',
    );
    delay.reset();
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    delay.stop();
  };
}
