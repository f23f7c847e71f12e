import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A computation that counts its runs and answers `value`. */
function counted(value: unknown) {
  const runs = { count: 0 };
  return { runs, compute: async () => ((runs.count += 1), value) };
}

describe('the answer cache', () => {
  it('computes an answer once per group, version and key, and answers its JSON bytes after that', async () => {
    const cache = createAnswerCache({ maxBytes: 1_000_000 });
    const { runs, compute } = counted({ öre: 12_350 });
    expect(text(await cache.answer('g', 3, 'k', compute))).toBe('{"öre":12350}');
    expect(text(await cache.answer('g', 3, 'k', compute))).toBe('{"öre":12350}');
    expect(runs.count).toBe(1);
    await cache.answer('g', 3, 'other', compute);
    await cache.answer('h', 3, 'k', compute);
    await cache.answer('g', 4, 'k', compute);
    expect(runs.count).toBe(4);
  });

  it('shares one computation between requests asking for the same answer at once', async () => {
    const cache = createAnswerCache({ maxBytes: 1_000_000 });
    const { runs, compute } = counted([1, 2, 3]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.answer('g', 1, 'k', compute)));
    expect(answers.map(text)).toEqual(Array(5).fill('[1,2,3]'));
    expect(runs.count).toBe(1);
  });

  it('keeps no failure: the next request computes again', async () => {
    const cache = createAnswerCache({ maxBytes: 1_000_000 });
    let fail = true;
    const compute = async () => {
      if (fail) throw new Error('database gone');
      return 'ok';
    };
    await expect(cache.answer('g', 1, 'k', compute)).rejects.toThrow('database gone');
    fail = false;
    expect(text(await cache.answer('g', 1, 'k', compute))).toBe('"ok"');
  });

  it('never holds more than its byte budget, dropping the least recently read first', async () => {
    // Each answer is 1,000 bytes plus an entry's overhead; three fit in 4,000 bytes, four do not.
    const cache = createAnswerCache({ maxBytes: 4_000 });
    const body = 'x'.repeat(998);
    const runs: string[] = [];
    const read = (key: string) =>
      cache.answer('g', 1, key, async () => {
        runs.push(key);
        return body;
      });
    for (const key of ['a', 'b', 'c']) await read(key);
    await read('a');
    await read('d');
    runs.length = 0;
    for (const key of ['a', 'c', 'd', 'b']) await read(key);
    expect(runs).toEqual(['b']);
  });

  it('keeps nothing larger than the budget, and nothing at all with a budget of 0', async () => {
    for (const [maxBytes, value] of [
      [100, 'x'.repeat(200)],
      [0, 1],
    ] as const) {
      const cache = createAnswerCache({ maxBytes });
      const { runs, compute } = counted(value);
      await cache.answer('g', 1, 'k', compute);
      await cache.answer('g', 1, 'k', compute);
      expect(runs.count).toBe(2);
    }
  });

  it('drops a group’s answers of older versions once a newer one is asked for, and never keeps an older one again', async () => {
    const cache = createAnswerCache({ maxBytes: 1_000_000 });
    const { runs, compute } = counted('v');
    await cache.answer('g', 1, 'a', compute);
    await cache.answer('g', 1, 'b', compute);
    await cache.answer('g', 2, 'a', compute);
    // A request that read the older version before the change still gets an answer, computed afresh and not kept.
    await cache.answer('g', 1, 'b', compute);
    await cache.answer('g', 1, 'b', compute);
    expect(runs.count).toBe(5);
    await cache.answer('g', 2, 'a', compute);
    expect(runs.count).toBe(5);
  });
});
