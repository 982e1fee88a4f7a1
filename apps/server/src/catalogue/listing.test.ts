import { describe, expect, it } from 'vitest';
import { Listing, type Ranked } from './listing.ts';

/** Items 1..n: views descending by id (views order 1, 2, …), added the other way, editors by category. */
function entries(n: number): Ranked<number>[] {
  return Array.from({ length: n }, (_, index) => {
    const id = index + 1;
    return { item: id, categoryId: id % 3, rank: { views: id, added: n + 1 - id, editors: (id % 3) * n + id } };
  });
}

describe('Listing', () => {
  const listing = new Listing(entries(10).reverse());

  it('pages each order as ranked, whatever order the entries came in', () => {
    expect(listing.page('views', undefined, 1, 4)).toEqual({ count: 10, items: [1, 2, 3, 4] });
    expect(listing.page('views', undefined, 3, 4)).toEqual({ count: 10, items: [9, 10] });
    expect(listing.page('added', undefined, 1, 3)).toEqual({ count: 10, items: [10, 9, 8] });
    expect(listing.page('editors', undefined, 1, 10).items).toEqual([3, 6, 9, 1, 4, 7, 10, 2, 5, 8]);
  });

  it('pages a category in the order, counting only its items', () => {
    expect(listing.page('views', 1, 1, 2)).toEqual({ count: 4, items: [1, 4] });
    expect(listing.page('views', 1, 2, 2)).toEqual({ count: 4, items: [7, 10] });
    expect(listing.page('added', 1, 1, 10)).toEqual({ count: 4, items: [10, 7, 4, 1] });
  });

  it('answers an empty page past the end and for a category with nothing, with the count', () => {
    expect(listing.page('views', undefined, 4, 4)).toEqual({ count: 10, items: [] });
    expect(listing.page('added', 7, 1, 4)).toEqual({ count: 0, items: [] });
    expect(new Listing<number>([]).page('editors', undefined, 1, 30)).toEqual({ count: 0, items: [] });
  });
});
