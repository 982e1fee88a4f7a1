import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { codePointLength, holdsNul } from './text.ts';

describe('codePointLength', () => {
  it('counts a character outside the BMP once', () => {
    expect(codePointLength('я😀')).toBe(2);
  });
});

describe('holdsNul', () => {
  it('finds a NUL in a text, deep in arrays and objects, and in a name', () => {
    expect(holdsNul('a\u0000b')).toBe(true);
    expect(holdsNul({ items: [{ name: 'x' }, { name: '\u0000' }] })).toBe(true);
    expect(holdsNul({ ['a\u0000']: 1 })).toBe(true);
    // A parsed query string is an object whose prototype is no Object's.
    const query = Object.create(Object.create(null) as object) as Record<string, string>;
    query.q = 'поиск\u0000';
    expect(holdsNul(query)).toBe(true);
  });

  it('finds none in plain input, numbers, bytes or a stream', () => {
    expect(holdsNul({ name: 'Эфир', count: 0, on: true, none: null, list: ['a', 1] })).toBe(false);
    expect(holdsNul(undefined)).toBe(false);
    expect(holdsNul(Buffer.from([0, 0, 0]))).toBe(false);
    expect(holdsNul(Readable.from(['\u0000']))).toBe(false);
  });
});
