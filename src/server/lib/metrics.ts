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
  /** How many samples were taken since the last reset. */
  samples(): number;
  /**
   * How many of them were delayed more than `ms`: over a longer span, its p99 is at most `ms` exactly when these are
   * at most 1 % (decision 091).
   */
  samplesBeyond(ms: number): number;
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
  const samplesBeyond = (ms: number) => {
    const count = histogram.count;
    const limit = (ms + SAMPLE_MS) * 1e6;
    if (count === 0 || histogram.max <= limit) return 0;
    // The first rank (1 = the shortest delay) whose delay passes the limit. The histogram rounds percentile × count
    // to the nearest rank, so asking for rank / count lands on the rank itself.
    const at = (rank: number) => histogram.percentile((rank / count) * 100);
    let [low, high] = [1, count];
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      if (at(middle) > limit) high = middle;
      else low = middle + 1;
    }
    return count - low + 1;
  };
  return {
    percentile: (p) => beyondInterval(histogram.percentile(p)),
    max: () => beyondInterval(histogram.max),
    samples: () => histogram.count,
    samplesBeyond,
    reset: () => histogram.reset(),
    stop: () => histogram.disable(),
  };
}

/**
 * Logs, every `intervalMs`, the event-loop delay of the interval (p50, p99, max in ms, the samples taken and how many
 * were delayed more than 20 ms) and the process memory, as one info line `metrics`: measured from inside the process,
 * read from the log by the soak (decision 067). Nothing is served over HTTP. Returns the function that stops it.
 */
export function startMetricsLog(logger: Logger, intervalMs: number): () => void {
  const delay = watchEventLoopDelay();
  const timer = setInterval(() => {
    const memory = process.memoryUsage();
    logger.info(
      {
        eventLoop: {
          p50: delay.percentile(50),
          p99: delay.percentile(99),
          max: delay.max(),
          samples: delay.samples(),
          over20: delay.samplesBeyond(20),
        },
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
