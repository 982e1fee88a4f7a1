import { describe, expect, it } from 'vitest';
import { commonRun } from './common-run.ts';

const list = (ids: number[]) => ids.map((id) => ({ id }));

describe('commonRun', () => {
  it('pairs the ids the lists share in order, a repeated one each time', () => {
    expect(commonRun(list([1, 2, 3, 2]), list([2, 3, 4, 2]))).toEqual([
      [1, 0],
      [2, 1],
      [3, 3],
    ]);
    expect(commonRun([], list([1]))).toEqual([]);
  });

  it('pairs nothing of lists with no id in common, and all of equal lists', () => {
    expect(commonRun(list([1, 2]), list([3, 4]))).toEqual([]);
    expect(commonRun(list([5, 6, 7]), list([5, 6, 7]))).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
  });
});
