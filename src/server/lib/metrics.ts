import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Logger } from './logger.ts';

const ms = (ns: number) => Math.round(ns / 10_000) / 100;

/**
 * Logs, every `intervalMs`, the event-loop delay of the interval (p50, p99, max in ms, sampled every 10 ms) and the
 * process memory, as one info line `metrics`: measured from inside the process, read from the log by the soak
 * (decision 067). Nothing is served over HTTP. Returns the function that stops it.
 */
export function startMetricsLog(logger: Logger, intervalMs: number): () => void {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const timer = setInterval(() => {
    const memory = process.memoryUsage();
    logger.info(
      {
        eventLoop: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
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
    delay.disable();
  };
}
