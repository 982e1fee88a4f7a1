import { describe, expect, it } from 'vitest';
import { dayChanges, type DaySnapshot, fieldChanges, isDaySnapshot, valueText } from './changes.ts';

const item = (id: number, marks: Partial<DaySnapshot['items'][number]> = {}) => ({
  id,
  startsAt: null,
  isAd: false,
  draft: 0,
  ...marks,
});
const day = (items: DaySnapshot['items'], more: Partial<DaySnapshot> = {}): DaySnapshot => ({
  date: '2026-11-27',
  revision: 1,
  startsAt: '06:00:00',
  finishedText: 'Конец',
  items,
  tickers: [],
  ...more,
});

describe('fieldChanges', () => {
  it('lists only the fields whose values differ, each before and after', () => {
    expect(
      fieldChanges(
        { name: 'Было', description: 'Тот же', draft: false },
        { name: 'Стало', description: 'Тот же', draft: true },
      ),
    ).toEqual([
      { field: 'name', before: 'Было', after: 'Стало' },
      { field: 'draft', before: 'нет', after: 'да' },
    ]);
  });

  it('lists every field of an entity made or removed, on its one side', () => {
    expect(fieldChanges(null, { name: 'Новое', position: 3 })).toEqual([
      { field: 'name', after: 'Новое' },
      { field: 'position', after: '3' },
    ]);
    expect(fieldChanges({ word: 'спам' }, null)).toEqual([{ field: 'word', before: 'спам' }]);
  });

  it('reads a plain value as one change and nothing as none', () => {
    expect(fieldChanges('старый текст', 'новый текст')).toEqual([
      { field: '', before: 'старый текст', after: 'новый текст' },
    ]);
    expect(fieldChanges(null, null)).toEqual([]);
    expect(valueText([1, 2])).toBe('[1,2]');
    expect(valueText(null)).toBe('—');
  });
});

describe('dayChanges', () => {
  it('reads programmes added, removed and moved by their places, and the day’s own fields', () => {
    const before = day([item(1), item(2), item(3), item(4)]);
    const after = day([item(2), item(3), item(1), item(5)], { startsAt: '07:00:00' });
    expect(dayChanges(before, after)).toEqual([
      { kind: 'field', field: 'startsAt', before: '06:00:00', after: '07:00:00' },
      { kind: 'moved', id: 1, from: 1, to: 3 },
      { kind: 'removed', id: 4, place: 4 },
      { kind: 'added', id: 5, place: 4, startsAt: null },
    ]);
  });

  it('reads a fixed start, an ad and a radio item kept off the air as marks', () => {
    const before = day([item(1), item(2, { draft: 0 }), item(3, { startsAt: '14:00:00' })]);
    const after = day([item(1, { isAd: true }), item(2, { draft: 2 }), item(3, { startsAt: '15:00:00' })]);
    expect(dayChanges(before, after)).toEqual([
      { kind: 'marked', id: 1, place: 1, marks: ['реклама'] },
      { kind: 'marked', id: 2, place: 2, marks: ['снято с эфира'] },
      { kind: 'marked', id: 3, place: 3, marks: ['начало точно в 15:00:00 (было 14:00:00)'] },
    ]);
  });

  it('reads a first save as every programme added, and tickers by what they say', () => {
    const ticker = { videoId: null, message: 'Срочно', startsAt: '12:00:00', duration: 10, speed: 80 };
    expect(dayChanges(null, day([item(7)], { tickers: [ticker] }))).toEqual([
      { kind: 'added', id: 7, place: 1, startsAt: null },
      { kind: 'ticker-added', message: 'Срочно', startsAt: '12:00:00' },
    ]);
    expect(dayChanges(day([], { tickers: [ticker] }), day([], { tickers: [] }))).toEqual([
      { kind: 'ticker-removed', message: 'Срочно', startsAt: '12:00:00' },
    ]);
  });

  it('tells a saved day from other values', () => {
    expect(isDaySnapshot(day([]))).toBe(true);
    expect(isDaySnapshot({ name: 'Видео' })).toBe(false);
    expect(isDaySnapshot(null)).toBe(false);
  });
});
