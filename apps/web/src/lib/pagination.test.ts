import { describe, expect, it } from 'vitest';
import { pageCount, pageItems } from './pagination.ts';

describe('pageCount', () => {
  it('rounds count / 30 instead of ceiling it', () => {
    expect(pageCount(0)).toBe(0);
    expect(pageCount(14)).toBe(0);
    expect(pageCount(15)).toBe(1);
    expect(pageCount(31)).toBe(1);
    expect(pageCount(45)).toBe(2);
    expect(pageCount(81)).toBe(3);
    expect(pageCount(85)).toBe(3);
    expect(pageCount(100)).toBe(3);
  });
});

describe('pageItems', () => {
  it('is hidden at 0 or 1 page', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([]);
  });

  it('shows every page up to 6', () => {
    expect(pageItems(1, 2)).toEqual([1, 2]);
    expect(pageItems(4, 6)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shows 1–4 … last on page 1', () => {
    expect(pageItems(1, 7)).toEqual([1, 2, 3, 4, 'ellipsis', 7]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 'ellipsis', 20]);
  });

  it('shows the last 6 near the end (last − 5 < page)', () => {
    expect(pageItems(20, 20)).toEqual([15, 16, 17, 18, 19, 20]);
    expect(pageItems(16, 20)).toEqual([15, 16, 17, 18, 19, 20]);
    expect(pageItems(3, 7)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(pageItems(2, 7)).toEqual([1, 2, 3, 4, 'ellipsis', 7]);
  });

  it('shows p−1 … p+2 … last elsewhere', () => {
    expect(pageItems(2, 20)).toEqual([1, 2, 3, 4, 'ellipsis', 20]);
    expect(pageItems(10, 20)).toEqual([9, 10, 11, 12, 'ellipsis', 20]);
    expect(pageItems(15, 20)).toEqual([14, 15, 16, 17, 'ellipsis', 20]);
  });
});
