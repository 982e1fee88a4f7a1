import { describe, expect, it } from 'vitest';
import { clockTimeOf, layOutDay } from './schedule.ts';

const durations: Record<string, number> = { a: 600, b: 900, c: 300, ad: 30, news: 600 };
const durationOf = (id: string): number => durations[id] ?? 0;
/** Two programmes a day, no ads and nothing at a fixed time. */
const twoProgrammes = { programmes: ['a', 'b'], ads: [], durationOf, fixed: [], adEvery: 99, offset: 0 };

describe('layOutDay', () => {
  it('plays programmes back to back with an ad after every few, until the day is full', () => {
    const items = layOutDay({ programmes: ['a', 'b', 'c'], ads: ['ad'], durationOf, fixed: [], adEvery: 2, offset: 0 });
    expect(items.slice(0, 5).map((item) => [item.subject, item.start, item.isAd])).toEqual([
      ['a', 0, false],
      ['b', 600, false],
      ['ad', 1500, true],
      ['c', 1530, false],
      ['a', 1830, false],
    ]);
    const last = items.at(-1);
    expect(last).toBeDefined();
    expect(last!.start).toBeLessThan(86_400);
    expect(last!.start + durationOf(last!.subject)).toBeGreaterThanOrEqual(86_400);
  });

  it('starts a fixed item at its time, leaving a gap rather than running into it', () => {
    const items = layOutDay({
      programmes: ['b'],
      ads: [],
      durationOf,
      fixed: [{ at: 2000, subject: 'news' }],
      adEvery: 99,
      offset: 0,
    });
    expect(items.slice(0, 4).map((item) => [item.subject, item.start, item.fixedStart])).toEqual([
      ['b', 0, undefined],
      ['b', 900, undefined],
      ['news', 2000, 2000],
      ['b', 2600, undefined],
    ]);
  });

  it('starts consecutive days at different programmes', () => {
    const plan = { programmes: ['a', 'b', 'c'], ads: [], durationOf, fixed: [], adEvery: 9 };
    expect(layOutDay({ ...plan, offset: 0 })[0]?.subject).toBe('a');
    expect(layOutDay({ ...plan, offset: 1 })[0]?.subject).toBe('b');
  });
  it('cycles the opening programmes between its bounds, then goes on where it left off', () => {
    const items = layOutDay({ ...twoProgrammes, opening: { from: 1000, until: 1700, programmes: ['c'] } });
    expect(items.slice(0, 7).map((item) => [item.subject, item.start])).toEqual([
      ['a', 0],
      ['b', 600],
      ['c', 1500],
      ['a', 1800],
      ['b', 2400],
      ['a', 3300],
      ['b', 3900],
    ]);
  });
  it('lays out drafts without time, so what airs still fills the day', () => {
    const items = layOutDay({ ...twoProgrammes, draftEvery: 3 });
    expect(items.slice(0, 4).map((item) => [item.subject, item.start, item.draft])).toEqual([
      ['a', 0, false],
      ['b', 600, false],
      ['a', 1500, true],
      ['b', 1500, false],
    ]);
    const aired = items.filter((item) => !item.draft);
    const last = aired.at(-1);
    expect(last === undefined ? 0 : last.start + durationOf(last.subject)).toBeGreaterThanOrEqual(86_400);
  });
});

describe('clockTimeOf', () => {
  it('formats seconds after midnight as HH:mm:ss', () => {
    expect(clockTimeOf(0)).toBe('00:00:00');
    expect(clockTimeOf(9 * 3600 + 5 * 60 + 7.9)).toBe('09:05:07');
    expect(clockTimeOf(86_399)).toBe('23:59:59');
  });
});
