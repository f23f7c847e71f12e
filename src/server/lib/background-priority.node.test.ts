import { readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICENESS } from './background-priority.ts';

/** The nice value of each thread of this process, by thread id (field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNiceness(): Map<number, number> {
  const tasks = readdirSync('/proc/self/task').map(Number);
  return new Map(
    tasks.map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [tid, Number(fields[16])];
    }),
  );
}

describe('runThisThreadInBackground', () => {
  it('lowers the priority of the thread that calls it and of no other', async () => {
    const before = threadNiceness();
    const worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       import(workerData).then(({ runThisThreadInBackground }) => {
         const done = runThisThreadInBackground();
         const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
         parentPort.postMessage({ done, tid });
         // Alive until terminated, so its thread is still listed when its niceness is read.
         setInterval(() => {}, 1000);
       });`,
      { eval: true, workerData: new URL('./background-priority.ts', import.meta.url).href },
    );
    const { done, tid } = await new Promise<{ done: boolean; tid: number }>((resolve) =>
      worker.once('message', resolve),
    );
    const after = threadNiceness();
    await worker.terminate();
    expect(done).toBe(true);
    expect(after.get(tid)).toBe(BACKGROUND_NICENESS);
    expect(os.getPriority()).toBe(0);
    for (const [other, nice] of before) if (after.has(other)) expect(after.get(other)).toBe(nice);
  });
});
