import { describe, expect, it } from 'vitest';
import { fillGap } from './fill.ts';

const hour = 3_600_000;
const start = Date.UTC(2026, 10, 28, 9);
const news = { id: 1, seconds: 600 };
const film = { id: 2, seconds: 3000 };
const clip = { id: 3, seconds: 300 };
const ids = (picks: readonly { id: number }[]) => picks.map((pick) => pick.id);

describe('fillGap', () => {
  it('fills from the start in rotation: what the day has not aired first, then what it aired longest ago', () => {
    const picks = fillGap([news, film, clip], {
      start,
      seconds: 3900,
      noRepeatSeconds: 0,
      airings: [
        { id: 2, start: start - 3 * hour },
        { id: 1, start: start - hour },
      ],
    });
    // The clip never aired; the film three hours ago, the news one: clip, film, then what fits.
    expect(ids(picks)).toEqual([3, 2, 1]);
    expect(picks.reduce((sum, pick) => sum + pick.seconds, 0)).toBe(3900);
  });

  it('takes only what fits what is left, and leaves the rest to the slate', () => {
    expect(ids(fillGap([film, news], { start, seconds: 1000, noRepeatSeconds: 0, airings: [] }))).toEqual([1]);
    expect(fillGap([film], { start, seconds: 1000, noRepeatSeconds: 0, airings: [] })).toEqual([]);
    // Whole: a programme a little too long would be cut by the fixed start after the gap.
    expect(fillGap([clip], { start, seconds: 299.9, noRepeatSeconds: 0, airings: [] })).toEqual([]);
  });

  it('airs no programme twice within the hours asked, counting the day around the gap and its own picks', () => {
    const gap = { start, seconds: 1800, noRepeatSeconds: 3 * 3600 };
    // The news airs two hours after the gap: too close; the clip may fill only once.
    expect(ids(fillGap([news, clip], { ...gap, airings: [{ id: 1, start: start + 2 * hour }] }))).toEqual([3]);
    // With no rule a programme follows itself until the gap is full.
    expect(ids(fillGap([clip], { ...gap, noRepeatSeconds: 0, airings: [] }))).toEqual([3, 3, 3, 3, 3, 3]);
    expect(ids(fillGap([news, clip], { ...gap, airings: [{ id: 1, start: start - 4 * hour }] }))).toEqual([3, 1]);
  });
});
