import { describe, expect, it } from 'vitest';
import type { DemoPicture } from './demo-media.ts';
import { PictureBatch } from './picture-batch.ts';

const picture = (name: string): DemoPicture => ({ source: name, graph: () => '', outputs: [] });
const names = (pictures: readonly DemoPicture[]) => pictures.map((p) => p.source);
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A batch of `jobs` whose runs are written down rather than made; `bad` fails a run. */
function recorded(jobs: number, maxWaitMs?: number) {
  const runs: string[][] = [];
  const batch = new PictureBatch(
    (pictures) => {
      runs.push(names(pictures));
      return names(pictures).includes('bad') ? Promise.reject(new Error('ffmpeg failed')) : Promise.resolve();
    },
    jobs,
    maxWaitMs,
  );
  return { runs, batch };
}

describe('PictureBatch', () => {
  it('makes the pictures of every job at work in one run, once all of them wait', async () => {
    const { runs, batch } = recorded(3);
    const a = batch.make(picture('a'));
    const b = batch.make(picture('b'));
    await settled();
    expect(runs).toEqual([]);
    const c = batch.make(picture('c'));
    await Promise.all([a, b, c]);
    expect(runs).toEqual([['a', 'b', 'c']]);
  });

  it('does not wait for a job that leaves without asking', async () => {
    const { runs, batch } = recorded(3);
    const a = batch.make(picture('a'));
    batch.leave();
    await settled();
    expect(runs).toEqual([]);
    const c = batch.make(picture('c'));
    await Promise.all([a, c]);
    expect(runs).toEqual([['a', 'c']]);
  });

  it('a failed run is made again picture by picture: only the bad one fails', async () => {
    const { runs, batch } = recorded(3);
    const results = await Promise.allSettled([
      batch.make(picture('a')),
      batch.make(picture('bad')),
      batch.make(picture('c')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(runs).toEqual([['a', 'bad', 'c'], ['a'], ['bad'], ['c']]);
  });

  it('does not keep the first waiting longer than its limit for a job still at its clip', async () => {
    const { runs, batch } = recorded(2, 50);
    const started = Date.now();
    await batch.make(picture('a'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(runs).toEqual([['a']]);
    await batch.make(picture('b'));
    expect(runs).toEqual([['a'], ['b']]);
  });
});
