// `npm test`: every suite, one after another, and a failure if any of them failed or could not run.
import { spawnSync } from 'node:child_process';

type Suite = { name: string; command: string; args: string[] };

// Vitest runs one file at a time on two cores by default (cores − 1); integration files mostly wait on a database,
// so three at once finish in about 60 % of the time.
const parallel = ['--maxWorkers', '3'];
const suites: Suite[] = [
  { name: 'unit', command: 'vitest', args: ['run', '--project', 'unit', '--project', 'node', ...parallel] },
  { name: 'integration (PGlite)', command: 'vitest', args: ['run', '--project', 'int-pglite', ...parallel] },
  { name: 'integration (PostgreSQL)', command: 'vitest', args: ['run', '--project', 'int-postgres', ...parallel] },
  { name: 'browser (Chromium)', command: 'node', args: ['scripts/e2e.ts'] },
];

const only = process.argv.slice(2);
const results: Array<{ name: string; ok: boolean; seconds: number }> = [];
for (const suite of suites) {
  if (only.length && !only.some((o) => suite.name.toLowerCase().includes(o.toLowerCase()))) continue;
  console.log(`\n▶ ${suite.name}`);
  const started = Date.now();
  const run = spawnSync(suite.command, suite.args, { stdio: 'inherit', env: process.env });
  results.push({ name: suite.name, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok);
if (failed.length || results.length === 0) {
  console.error(`\n${failed.length} suite(s) failed or could not run.`);
  process.exit(1);
}
