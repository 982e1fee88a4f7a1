import { describe, expect, it } from 'vitest';
import { createStallWatch } from './stall-watch.ts';

describe('createStallWatch', () => {
  it('tells a stall once the playhead that moved stood still for the whole time, then again after as long', () => {
    const watch = createStallWatch(4000);
    expect(watch.observe(0, true, 0)).toBe(false);
    expect(watch.observe(1, true, 1000)).toBe(false);
    expect(watch.observe(1, true, 4999)).toBe(false);
    expect(watch.observe(1, true, 5000)).toBe(true);
    expect(watch.observe(1, true, 6000)).toBe(false);
    expect(watch.observe(1, true, 9000)).toBe(true);
  });

  it('says nothing of a player that has not played yet, is paused, or moves', () => {
    const unplayed = createStallWatch(4000);
    expect([0, 5000, 10_000].map((now) => unplayed.observe(0, true, now))).toEqual([false, false, false]);
    const paused = createStallWatch(4000);
    paused.observe(0, true, 0);
    paused.observe(2, true, 1000);
    expect([5000, 10_000].map((now) => paused.observe(2, false, now))).toEqual([false, false]);
    const moving = createStallWatch(4000);
    expect([0, 1, 2, 3].map((time) => moving.observe(time, true, time * 4000))).toEqual([false, false, false, false]);
  });

  it('counts a stall from when playing was asked for again, not from when it paused', () => {
    const watch = createStallWatch(4000);
    watch.observe(0, true, 0);
    watch.observe(3, true, 1000);
    watch.observe(3, false, 2000);
    expect(watch.observe(3, true, 60_000)).toBe(false);
    expect(watch.observe(3, true, 64_000)).toBe(true);
  });
});
