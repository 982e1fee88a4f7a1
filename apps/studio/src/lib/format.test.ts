import { describe, expect, it } from 'vitest';
import { plural } from './format.ts';

describe('plural', () => {
  const programmes = (count: number) => `${String(count)} ${plural(count, 'передача', 'передачи', 'передач')}`;

  it('takes the form Russian gives each count', () => {
    expect([1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112, 231, 300].map(programmes)).toEqual([
      '1 передача',
      '2 передачи',
      '4 передачи',
      '5 передач',
      '11 передач',
      '12 передач',
      '14 передач',
      '21 передача',
      '22 передачи',
      '25 передач',
      '101 передача',
      '111 передач',
      '112 передач',
      '231 передача',
      '300 передач',
    ]);
  });

  it('counts none as many', () => {
    expect(programmes(0)).toBe('0 передач');
  });
});
