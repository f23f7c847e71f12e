import { describe, expect, it } from 'vitest';
import { sharedReads } from './shared-reads.ts';

/** A read whose answers the test releases one by one; each answers how many reads of its key had started. */
function controlledRead() {
  const started: Array<{ key: string; release: () => void; fail: () => void }> = [];
  const counts = new Map<string, number>();
  const read = (key: string) =>
    new Promise<number>((resolve, reject) => {
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      started.push({ key, release: () => resolve(n), fail: () => reject(new Error(`read ${n} failed`)) });
    });
  return { read, started };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('shared reads', () => {
  it('never answers a caller with a read that started before it asked', async () => {
    const { read, started } = controlledRead();
    const get = sharedReads(read);
    const first = get('g');
    const later = [get('g'), get('g'), get('g')];
    expect(started).toHaveLength(1);
    started[0]?.release();
    expect(await first).toBe(1);
    await settle();
    // The three who asked while read 1 ran share read 2, started after it ended.
    expect(started).toHaveLength(2);
    started[1]?.release();
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
  });

  it('reads each key on its own', async () => {
    const { read, started } = controlledRead();
    const get = sharedReads(read);
    const answers = [get('g'), get('h')];
    expect(started.map((s) => s.key)).toEqual(['g', 'h']);
    for (const s of started) s.release();
    expect(await Promise.all(answers)).toEqual([1, 1]);
  });

  it('gives a failed read to its own callers only, and reads again for those waiting', async () => {
    const { read, started } = controlledRead();
    const get = sharedReads(read);
    const failing = get('g');
    const waiting = get('g');
    started[0]?.fail();
    await expect(failing).rejects.toThrow('read 1 failed');
    await settle();
    started[1]?.release();
    expect(await waiting).toBe(2);
    const again = get('g');
    started[2]?.release();
    expect(await again).toBe(3);
  });
});
