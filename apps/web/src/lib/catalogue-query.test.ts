import { describe, expect, it } from 'vitest';
import { catalogueApiQuery, readCatalogueState, writeCatalogueState } from './catalogue-query.ts';

describe('catalogue state', () => {
  it('reads the URL, with defaults for missing or bad values', () => {
    expect(readCatalogueState(new URLSearchParams(''))).toEqual({ tab: undefined, sort: 0, page: 1 });
    expect(readCatalogueState(new URLSearchParams('tab=3&sort=2&page=4'))).toEqual({ tab: 3, sort: 2, page: 4 });
    expect(readCatalogueState(new URLSearchParams('tab=x&sort=9&page=-1'))).toEqual({
      tab: undefined,
      sort: 0,
      page: 1,
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(writeCatalogueState({ tab: undefined, sort: 0, page: 1 }).toString()).toBe('');
    expect(writeCatalogueState({ tab: 2, sort: 1, page: 3 }).toString()).toBe('tab=2&sort=1&page=3');
  });

  it('maps the sort to the API flags', () => {
    expect(catalogueApiQuery({ tab: undefined, sort: 0, page: 1 })).toEqual({
      category_id: '',
      prosmotri: '',
      date_added: '',
      page: 1,
    });
    expect(catalogueApiQuery({ tab: 5, sort: 1, page: 2 })).toMatchObject({ category_id: 5, prosmotri: 'true' });
    expect(catalogueApiQuery({ tab: 5, sort: 2, page: 2 })).toMatchObject({ prosmotri: '', date_added: 'true' });
  });
});
