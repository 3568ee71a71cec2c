/** The queue behind off-thread reading of big Source texts: one at a time, latest per key. */
import { describe, expect, it } from 'vitest';
import { createLatestQueue } from '../../src/app/analysis/latestQueue.ts';

function controlled() {
  const runs: { key: string; input: string; done: () => void }[] = [];
  const queue = createLatestQueue<string>((key, input) => new Promise<void>((done) => runs.push({ key, input, done })));
  const settle = async (i: number) => {
    runs[i]!.done();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { runs, queue, settle };
}

describe('createLatestQueue', () => {
  it('runs one request at a time and, of the edits made meanwhile, only the newest', async () => {
    const { runs, queue, settle } = controlled();
    queue.push('doc', 'v1');
    queue.push('doc', 'v2');
    queue.push('doc', 'v3');
    expect(runs.map((r) => r.input)).toEqual(['v1']);
    expect(queue.waiting).toBe(1);
    await settle(0);
    expect(runs.map((r) => r.input)).toEqual(['v1', 'v3']);
    await settle(1);
    expect(queue.busy).toBe(false);
    expect(runs).toHaveLength(2);
  });

  it('keeps the newest request of every key, in the order the keys were last asked for', async () => {
    const { runs, queue, settle } = controlled();
    queue.push('a', 'a1');
    queue.push('b', 'b1');
    queue.push('c', 'c1');
    queue.push('b', 'b2');
    await settle(0);
    await settle(1);
    await settle(2);
    expect(runs.map((r) => r.input)).toEqual(['a1', 'c1', 'b2']);
  });

  it('goes on after a failed run', async () => {
    const seen: string[] = [];
    const queue = createLatestQueue<string>(async (_k, input) => {
      seen.push(input);
      if (input === 'bad') throw new Error('worker gone');
    });
    queue.push('a', 'bad');
    queue.push('b', 'good');
    await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual(['bad', 'good']);
    expect(queue.busy).toBe(false);
  });
});
