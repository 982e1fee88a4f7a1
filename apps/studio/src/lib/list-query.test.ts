import { describe, expect, it } from 'vitest';
import { callQuery, readListQuery, writeListQuery } from './list-query.ts';

const sorts = ['added', 'name', 'views'] as const;

describe('a list in the address', () => {
  it('reads the defaults from an empty address', () => {
    expect(readListQuery(new URLSearchParams(''), sorts)).toEqual({
      page: 1,
      size: 25,
      q: '',
      category: undefined,
      draft: undefined,
      media: undefined,
      kind: undefined,
      sort: 'added',
      order: 'desc',
    });
  });

  it('reads what it may hold and drops what it may not', () => {
    const query = readListQuery(
      new URLSearchParams('page=3&size=50&q=Москва&category=2&draft=1&media=failed&sort=name&order=asc'),
      sorts,
    );
    expect(query).toMatchObject({
      page: 3,
      size: 50,
      q: 'Москва',
      category: 2,
      draft: 1,
      media: 'failed',
      sort: 'name',
      order: 'asc',
    });
    const bad = readListQuery(
      new URLSearchParams('page=0&size=33&category=-1&draft=5&media=lost&sort=password&order=up&page=x'),
      sorts,
    );
    expect(bad).toMatchObject({
      page: 1,
      size: 25,
      category: undefined,
      draft: undefined,
      media: undefined,
      sort: 'added',
      order: 'desc',
    });
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    const query = readListQuery(new URLSearchParams('q= тайга &sort=views&page=2'), sorts);
    const written = writeListQuery(query, 'added');
    expect(written.toString()).toBe('q=%D1%82%D0%B0%D0%B9%D0%B3%D0%B0&sort=views&page=2');
    expect(readListQuery(written, sorts)).toEqual({ ...query, q: 'тайга' });
    expect(writeListQuery(readListQuery(new URLSearchParams(''), sorts), 'added').toString()).toBe('');
  });

  it('asks the server with the filters that are set', () => {
    expect(callQuery(readListQuery(new URLSearchParams('draft=0&q=%20'), sorts))).toEqual({
      page: 1,
      size: 25,
      sort: 'added',
      order: 'desc',
      draft: 0,
    });
  });
});
