// Where a V8 CPU profile (the format `node --cpu-prof` writes) spends its time: functions by self time and by
// inclusive time, and self time by package, as Markdown tables for bench/README.md.
import path from 'node:path';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; hitCount?: number; children?: number[] };
export type CpuProfile = { nodes: ProfileNode[]; samples: number[]; startTime: number; endTime: number };

/** Tree nodes that are the profiler's own buckets, not JavaScript: idle time, GC, native code outside any function. */
const IDLE = '(idle)';

function frameName(frame: CallFrame): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  const url = frame.url.replace(/^file:\/\//, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  const where = inPackage ? `${inPackage[1]}/${path.basename(inPackage[2] ?? '')}` : path.basename(url);
  return `${name} ${where}:${frame.lineNumber + 1}`;
}

/** The package a frame's code belongs to: an npm package, our own source, Node itself, or a profiler bucket. */
function packageOf(frame: CallFrame): string {
  if (!frame.url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(frame.url);
  if (inPackage?.[1]) return inPackage[1];
  if (frame.url.startsWith('node:')) return 'node: internals';
  const ours = /\/src\/(server|shared)\/(?:(features|lib|db|repositories)\/([^/]+))?/.exec(frame.url);
  if (ours) return `kvitt ${ours[1]}${ours[3] ? `/${ours[2]}/${ours[3].replace(/\.ts$/, '')}` : ''}`;
  return path.basename(frame.url);
}

export type ProfileSummary = {
  totalMs: number;
  busyMs: number;
  self: Array<[string, number]>;
  inclusive: Array<[string, number]>;
  packages: Array<[string, number]>;
};

/** Self and inclusive milliseconds per function (idle left out of both), and self milliseconds per package. */
export function summarize(profile: CpuProfile, top = 15): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const msPerSample = profile.samples.length ? totalMs / profile.samples.length : 0;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const packages = new Map<string, number>();
  let busy = 0;
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === IDLE) continue;
    busy += 1;
    const name = frameName(node.callFrame);
    self.set(name, (self.get(name) ?? 0) + 1);
    const pkg = packageOf(node.callFrame);
    packages.set(pkg, (packages.get(pkg) ?? 0) + 1);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame || frame.functionName === '(root)') continue;
      seen.add(frameName(frame));
    }
    for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + 1);
  }
  const ranked = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, v]): [string, number] => [k, v * msPerSample]);
  return {
    totalMs,
    busyMs: busy * msPerSample,
    self: ranked(self),
    inclusive: ranked(inclusive),
    packages: ranked(packages),
  };
}

/** The summary as three Markdown tables, each share given of the main thread's busy (not idle) time. */
export function summaryTables(summary: ProfileSummary): string {
  const share = (ms: number) => `${((100 * ms) / (summary.busyMs || 1)).toFixed(1)} %`;
  const table = (title: string, rows: Array<[string, number]>) =>
    [
      `| ${title} | ms | share of busy |`,
      '|---|---:|---:|',
      ...rows.map(([k, ms]) => `| \`${k}\` | ${ms.toFixed(0)} | ${share(ms)} |`),
    ].join('\n');
  return [
    `Busy ${summary.busyMs.toFixed(0)} ms of ${summary.totalMs.toFixed(0)} ms profiled.`,
    '',
    table('Self time by package', summary.packages),
    '',
    table('Self time by function', summary.self),
    '',
    table('Inclusive time by function', summary.inclusive),
  ].join('\n');
}
