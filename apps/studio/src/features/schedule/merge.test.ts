import { describe, expect, it } from 'vitest';
import { carryOver, type Change, changesOf, type DayFields, type Line } from './merge.ts';

const line = (id: number, marks: Partial<Line> = {}): Line => ({ id, startsAt: null, isAd: false, draft: 0, ...marks });
const fields: DayFields = { startsAt: '06:00:00', finishedText: 'Конец', tickers: '[]' };
const day = (ids: (number | Line)[], more: Partial<DayFields> = {}) => ({
  fields: { ...fields, ...more },
  items: ids.map((id) => (typeof id === 'number' ? line(id) : id)),
});
const ids = (items: readonly Line[]): number[] => items.map((item) => item.id);

describe('changesOf', () => {
  it('reads additions (after which base item), removals, changed marks and the day’s fields', () => {
    const base = day([1, 2, 3]);
    const mine = day([5, 1, line(3, { startsAt: '12:00:00' }), 4], { finishedText: 'До завтра' });
    expect(changesOf(base, mine)).toEqual([
      { kind: 'day', field: 'finishedText', value: 'До завтра' },
      { kind: 'remove', at: 1, line: line(2) },
      { kind: 'edit', at: 2, line: line(3, { startsAt: '12:00:00' }), was: line(3) },
      { kind: 'insert', after: -1, line: line(5) },
      { kind: 'insert', after: 2, line: line(4) },
    ]);
  });

  it('finds nothing in an unchanged day', () => {
    expect(changesOf(day([1, 2]), day([1, 2]))).toEqual([]);
  });
});

describe('carryOver', () => {
  const base = day([1, 2, 3]);
  // Meanwhile they added 7 after 1, removed 3 and changed the day's start.
  const theirs = day([1, 7, 2], { startsAt: '07:00:00' });
  const mine = day([1, line(2, { isAd: true }), 3, 9], { startsAt: '05:00:00' });
  const changes = changesOf(base, mine);
  const only = (kind: Change<Line>['kind']) => changes.filter((change) => change.kind === kind);

  it('carries each chosen change onto their version and keeps theirs where none is chosen', () => {
    expect(carryOver(base.items, theirs, [])).toEqual(theirs);
    const merged = carryOver(base.items, theirs, only('edit'));
    expect(merged.items).toEqual([line(1), line(7), line(2, { isAd: true })]);
    expect(merged.fields.startsAt).toBe('07:00:00');
  });

  it('puts an added item after its neighbour’s match, or the nearest kept one before it', () => {
    // 9 came after 3, which they removed: it follows 2, the last of base still in theirs.
    expect(ids(carryOver(base.items, theirs, only('insert')).items)).toEqual([1, 7, 2, 9]);
    const atStart = changesOf(base, day([8, 1, 2, 3]));
    expect(ids(carryOver(base.items, theirs, atStart).items)).toEqual([8, 1, 7, 2]);
  });

  it('removes what I removed, and what they removed stays removed', () => {
    const removeOne = changesOf(base, day([2, 3]));
    expect(ids(carryOver(base.items, theirs, removeOne).items)).toEqual([7, 2]);
    const removeTheirs = changesOf(base, day([1, 2]));
    expect(ids(carryOver(base.items, theirs, removeTheirs).items)).toEqual([1, 7, 2]);
  });

  it('takes a day field only when its change is chosen', () => {
    expect(carryOver(base.items, theirs, only('day')).fields.startsAt).toBe('05:00:00');
  });
});
