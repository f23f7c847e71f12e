import { afterEach, describe, expect, it } from 'vitest';
import { createTesseractPool } from './pool.ts';
import type { TesseractPool } from './pool.ts';
import { OFFLINE_WORKER_PATH } from './testing/network-guard.ts';

const pools: TesseractPool[] = [];
const newPool = async (options: Parameters<typeof createTesseractPool>[0]) => {
  const pool = await createTesseractPool({ languages: 'eng', workerPath: OFFLINE_WORKER_PATH, ...options });
  pools.push(pool);
  return pool;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('the tesseract pool', () => {
  it('starts its workers up front and serves jobs first come, first served', async () => {
    const pool = await newPool({ workers: 1 });
    expect(pool.ready).toBe(1);
    const order: number[] = [];
    await Promise.all(
      [1, 2, 3].map((n) =>
        pool.run(async () => {
          await sleep(20);
          order.push(n);
        }),
      ),
    );
    expect(order).toEqual([1, 2, 3]);
  });

  it('ends a job at the time limit and keeps serving with a fresh worker', async () => {
    const pool = await newPool({ workers: 1, timeoutMs: 300 });
    const seen: unknown[] = [];
    await expect(pool.run((worker) => (seen.push(worker), sleep(5_000)))).rejects.toMatchObject({ code: 'TIMEOUT' });
    await pool.run(async (worker) => void seen.push(worker));
    expect(seen).toHaveLength(2);
    expect(seen[1]).not.toBe(seen[0]);
  });

  it('refuses the calls a job makes on its worker after the time limit, so none goes unhandled', async () => {
    const pool = await newPool({ workers: 1, timeoutMs: 100 });
    let late: Promise<unknown> = Promise.resolve();
    const job = pool.run(async (worker) => {
      await sleep(400);
      late = worker.recognize(Buffer.from('late')).catch((error: unknown) => error);
    });
    await expect(job).rejects.toMatchObject({ code: 'TIMEOUT' });
    await sleep(500);
    await expect(late).resolves.toMatchObject({ code: 'TIMEOUT' });
  });

  it('answers BUSY instead of queueing without end', async () => {
    const pool = await newPool({ workers: 1, maxQueue: 1 });
    const running = pool.run(() => sleep(300));
    const waiting = pool.run(() => sleep(10));
    await expect(pool.run(() => sleep(10))).rejects.toMatchObject({ code: 'BUSY' });
    await Promise.all([running, waiting]);
  });

  it('rejects waiting and later jobs with CLOSED once closed', async () => {
    const pool = await newPool({ workers: 1 });
    const running = pool.run(() => sleep(200)).catch((error: unknown) => error);
    const waiting = pool.run(() => sleep(10));
    const closing = pool.close();
    await expect(waiting).rejects.toMatchObject({ code: 'CLOSED' });
    await closing;
    await expect(running).resolves.toMatchObject({ code: 'CLOSED' });
    await expect(pool.run(() => sleep(10))).rejects.toMatchObject({ code: 'CLOSED' });
    expect(pool.ready).toBe(0);
  });

  it('runs a job on spare capacity only: never queued behind others, never ahead of them', async () => {
    const pool = await newPool({ workers: 2 });
    const first = pool.run(() => sleep(300).then(() => 'first'));
    const spare = pool.runIfIdle(async () => 'spare');
    expect(spare).not.toBeNull();
    await expect(spare).resolves.toBe('spare');
    const holding = pool.runIfIdle(() => sleep(300));
    expect(pool.runIfIdle(async () => 'none free')).toBeNull();
    const waiting = pool.run(async () => 'waited');
    expect(pool.runIfIdle(async () => 'somebody waits')).toBeNull();
    await expect(Promise.all([first, holding, waiting])).resolves.toEqual(['first', undefined, 'waited']);
  });

  it('ends the jobs still running at close with CLOSED instead of leaving them unsettled', async () => {
    const pool = await newPool({ workers: 1, timeoutMs: 10_000 });
    const started = Date.now();
    const running = pool.run(() => sleep(5_000)).catch((error: unknown) => error);
    await sleep(50);
    await pool.close();
    await expect(running).resolves.toMatchObject({ code: 'CLOSED' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
