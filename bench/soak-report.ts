// Collecting and printing the soak's numbers: client-side latencies per endpoint and minute, and the server's own
// event-loop delay and memory from its `metrics` log lines (decision 067).

/** One `metrics` log line of the server: its 2-s event-loop figures (samples and over20 counted since decision 091). */
export type MetricsLine = {
  at: number;
  p50: number;
  p99: number;
  max: number;
  samples?: number;
  over20?: number;
  rssMb: number;
};

/**
 * The share of the minute's event-loop samples delayed more than 20 ms, in %: the minute's p99 is at most 20 ms
 * exactly when this is at most 1 %. NaN from a server that does not count them.
 */
export function shareOver20(lines: readonly MetricsLine[]): number {
  const samples = lines.reduce((sum, l) => sum + (l.samples ?? NaN), 0);
  const over = lines.reduce((sum, l) => sum + (l.over20 ?? NaN), 0);
  return samples > 0 ? (100 * over) / samples : NaN;
}

/** Latencies (ms) and failures per endpoint per minute. */
export class Recorder {
  readonly cells = new Map<string, { times: number[]; errors: number }>();
  readonly statuses = new Map<string, number>();

  record(endpoint: string, minute: number, ms: number, status: number): void {
    const key = `${minute}\t${endpoint}`;
    let cell = this.cells.get(key);
    if (!cell) this.cells.set(key, (cell = { times: [], errors: 0 }));
    cell.times.push(ms);
    if (status < 200 || status >= 300) {
      cell.errors += 1;
      const label = `${endpoint} ${status}`;
      this.statuses.set(label, (this.statuses.get(label) ?? 0) + 1);
    }
  }
}

export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('sv-SE', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';

/** One markdown row per minute and endpoint, then one per minute for the server. */
export function printSoak(
  label: string,
  recorder: Recorder,
  metrics: readonly MetricsLine[],
  startedAt: number,
  minutes: number,
  cpu: ReadonlyArray<{ mainMs: number; allMs: number }>,
): void {
  console.log(`\n### ${label}\n`);
  console.log('| Minute | Endpoint | Requests | Errors | p50 ms | p95 ms | p99 ms |');
  console.log('|---:|---|---:|---:|---:|---:|---:|');
  const keys = [...recorder.cells.keys()].sort((a, b) => {
    const [ma = '', ea = ''] = a.split('\t');
    const [mb = '', eb = ''] = b.split('\t');
    return Number(ma) - Number(mb) || ea.localeCompare(eb);
  });
  for (const key of keys) {
    const cell = recorder.cells.get(key);
    if (!cell) continue;
    const [minute, endpoint] = key.split('\t');
    const sorted = [...cell.times].sort((x, y) => x - y);
    const [p50, p95, p99] = [0.5, 0.95, 0.99].map((q) => quantile(sorted, q));
    console.log(
      `| ${Number(minute) + 1} | ${endpoint} | ${sorted.length} | ${cell.errors} | ${fmt(p50 ?? NaN)} | ${fmt(p95 ?? NaN)} | ${fmt(p99 ?? NaN)} |`,
    );
  }
  console.log(
    '\n| Minute | Requests/s | RSS MB (end) | Event-loop p50 ms (median of 2 s) | Event-loop p99 ms (worst 2 s) | Samples delayed > 20 ms (of the minute) | max ms | Main thread CPU % | Process CPU % |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (let minute = 0; minute < minutes; minute += 1) {
    const lines = metrics.filter((m) => Math.floor((m.at - startedAt) / 60_000) === minute);
    const requests = keys
      .filter((k) => k.startsWith(`${minute}\t`))
      .reduce((sum, k) => sum + (recorder.cells.get(k)?.times.length ?? 0), 0);
    const p50s = lines.map((l) => l.p50).sort((a, b) => a - b);
    const [from, to] = [cpu[minute], cpu[minute + 1]];
    const share = (key: 'mainMs' | 'allMs') => (from && to ? (to[key] - from[key]) / 600 : NaN);
    console.log(
      `| ${minute + 1} | ${fmt(requests / 60)} | ${fmt(lines.at(-1)?.rssMb ?? NaN)} | ${fmt(quantile(p50s, 0.5), 1)} | ${fmt(Math.max(...lines.map((l) => l.p99)), 1)} | ${fmt(shareOver20(lines), 2)} % | ${fmt(Math.max(...lines.map((l) => l.max)), 1)} | ${fmt(share('mainMs'))} | ${fmt(share('allMs'))} |`,
    );
  }
  if (recorder.statuses.size > 0) {
    console.log(`\nFailed answers: ${[...recorder.statuses].map(([k, n]) => `${k} ×${n}`).join(', ')}`);
  }
}

export type BurstResult = {
  mainCpuMs: number;
  allCpuMs: number;
  phase: string;
  seconds: number;
  requests: number;
  p50: number;
  p99: number;
  eventLoopP99: number;
  eventLoopMax: number;
  readings: string;
};

export function printBurst(label: string, rows: readonly BurstResult[]): void {
  console.log(`\n#### ${label}: GET balances beside 20 receipt readings at once\n`);
  console.log(
    '| Phase | Seconds | GET balances | p50 ms | p99 ms | Event-loop p99 ms (worst 2 s) | max ms | Main thread CPU s | Process CPU s | Readings |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows) {
    console.log(
      `| ${r.phase} | ${fmt(r.seconds, 1)} | ${r.requests} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.eventLoopP99, 1)} | ${fmt(r.eventLoopMax, 1)} | ${fmt(r.mainCpuMs / 1000, 1)} | ${fmt(r.allCpuMs / 1000, 1)} | ${r.readings} |`,
    );
  }
}
