// `npm test`: every suite, one after another, and a failure if any of them failed or could not run.
// A failed suite's last lines are printed again under the summary: a CI log is often read from its end only, and the
// browser suite's output would otherwise bury what an earlier suite said about its failure. A process that dies says
// why (a V8 check, an out-of-memory abort) long before the suite's last lines, so those words are kept as well.
import { spawn } from 'node:child_process';

/** A suite; suites of the same `stage` run side by side, stages one after another. */
type Suite = { name: string; command: string; args: string[]; stage: number };
type Result = { name: string; ok: boolean; seconds: number; tail: string[]; fatal: string[] };

// Vitest runs one file at a time on two cores by default (cores − 1); integration files mostly wait on a database,
// so three at once finish in about 60 % of the time.
const parallel = ['--maxWorkers', '3'];
// The two integration suites side by side: the embedded database's files keep the cores busy while PostgreSQL's
// wait on their server, which took a minute off a run on a two-core machine (decision 084). Each is its own process
// with its own databases; their lines are marked with the suite's name.
const suites: Suite[] = [
  { name: 'unit', command: 'vitest', args: ['run', '--project', 'unit', '--project', 'node', ...parallel], stage: 0 },
  { name: 'integration (PGlite)', command: 'vitest', args: ['run', '--project', 'int-pglite', ...parallel], stage: 1 },
  {
    name: 'integration (PostgreSQL)',
    command: 'vitest',
    args: ['run', '--project', 'int-postgres', ...parallel],
    stage: 1,
  },
  { name: 'browser (Chromium)', command: 'node', args: ['scripts/e2e.ts'], stage: 2 },
];
const TAIL_LINES = 80;
/** How a process says it is dying, and how many lines after it to keep (its stack). */
const FATAL = /Fatal error|Check failed|FATAL ERROR|Segmentation fault|Illegal instruction|Aborted\(|out of memory/;
const FATAL_LINES = 12;
const FATAL_MAX = 60;

/**
 * Runs a suite with its output passed through, keeping its last lines for the summary; each line starts with
 * `mark` when other suites run beside it.
 */
function run(suite: Suite, mark: string): Promise<Omit<Result, 'name' | 'seconds'>> {
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
    const marked = (chunk: Buffer) => (mark ? chunk.toString('utf8').replace(/^(?=.)/gm, mark) : chunk);
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(marked(chunk));
      keep(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(marked(chunk));
      keep(chunk);
    });
    child.on('error', (error) => resolve({ ok: false, tail: [...tail, String(error)], fatal }));
    child.on('close', (code) => resolve({ ok: code === 0, tail: partial ? [...tail, partial] : tail, fatal }));
  });
}

const only = process.argv.slice(2);
const chosen = suites.filter((s) => !only.length || only.some((o) => s.name.toLowerCase().includes(o.toLowerCase())));
const results: Result[] = [];
for (const stage of [...new Set(chosen.map((s) => s.stage))]) {
  const together = chosen.filter((s) => s.stage === stage);
  const outcomes = await Promise.all(
    together.map(async (suite) => {
      console.log(`\n▶ ${suite.name}`);
      const started = Date.now();
      const outcome = await run(suite, together.length > 1 ? `[${suite.name}] ` : '');
      return { name: suite.name, ...outcome, seconds: Math.round((Date.now() - started) / 1000) };
    }),
  );
  results.push(...outcomes);
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
