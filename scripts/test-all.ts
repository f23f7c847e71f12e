// `npm test`: every suite, one after another, and a failure if any of them failed or could not run.
// A failed suite's last lines are printed again under the summary: a CI log is often read from its end only, and the
// browser suite's output would otherwise bury what an earlier suite said about its failure. A process that dies says
// why (a V8 check, an out-of-memory abort) long before the suite's last lines, so those words are kept as well.
import { spawn } from 'node:child_process';

type Suite = { name: string; command: string; args: string[] };
type Result = { name: string; ok: boolean; seconds: number; tail: string[]; fatal: string[] };

// Vitest runs one file at a time on two cores by default (cores − 1); integration files mostly wait on a database,
// so three at once finish in about 60 % of the time.
const parallel = ['--maxWorkers', '3'];
const suites: Suite[] = [
  { name: 'unit', command: 'vitest', args: ['run', '--project', 'unit', '--project', 'node', ...parallel] },
  { name: 'integration (PGlite)', command: 'vitest', args: ['run', '--project', 'int-pglite', ...parallel] },
  { name: 'integration (PostgreSQL)', command: 'vitest', args: ['run', '--project', 'int-postgres', ...parallel] },
  { name: 'browser (Chromium)', command: 'node', args: ['scripts/e2e.ts'] },
];
const TAIL_LINES = 80;
/** How a process says it is dying, and how many lines after it to keep (its stack). */
const FATAL = /Fatal error|Check failed|FATAL ERROR|Segmentation fault|Illegal instruction|Aborted\(|out of memory/;
const FATAL_LINES = 12;
const FATAL_MAX = 60;

/** Runs a suite with its output passed through, keeping its last lines for the summary. */
function run(suite: Suite): Promise<Omit<Result, 'name' | 'seconds'>> {
  return new Promise((resolve) => {
    const tail: string[] = [];
    const fatal: string[] = [];
    let fatalLeft = 0;
    let partial = '';
    const keep = (chunk: Buffer) => {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (FATAL.test(line)) fatalLeft = FATAL_LINES;
        if (fatalLeft > 0 && fatal.length < FATAL_MAX) fatal.push(line);
        fatalLeft--;
      }
      tail.push(...lines);
      if (tail.length > TAIL_LINES) tail.splice(0, tail.length - TAIL_LINES);
    };
    const child = spawn(suite.command, suite.args, { stdio: ['inherit', 'pipe', 'pipe'], env: process.env });
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      keep(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      keep(chunk);
    });
    child.on('error', (error) => resolve({ ok: false, tail: [...tail, String(error)], fatal }));
    child.on('close', (code) => resolve({ ok: code === 0, tail: partial ? [...tail, partial] : tail, fatal }));
  });
}

const only = process.argv.slice(2);
const results: Result[] = [];
for (const suite of suites) {
  if (only.length && !only.some((o) => suite.name.toLowerCase().includes(o.toLowerCase()))) continue;
  console.log(`\n▶ ${suite.name}`);
  const started = Date.now();
  const outcome = await run(suite);
  results.push({ name: suite.name, ...outcome, seconds: Math.round((Date.now() - started) / 1000) });
}

const failed = results.filter((r) => !r.ok);
for (const r of failed) {
  if (r.fatal.length) console.log(`\n✘ ${r.name}: a process died\n${r.fatal.join('\n')}`);
  console.log(`\n✘ ${r.name}: its last ${r.tail.length} lines\n${r.tail.join('\n')}`);
}
console.log('\nSummary');
for (const r of results) console.log(`  ${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds} s)`);
if (failed.length || results.length === 0) {
  console.error(`\n${failed.length} suite(s) failed or could not run.`);
  process.exit(1);
}
