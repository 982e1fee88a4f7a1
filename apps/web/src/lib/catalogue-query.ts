// The catalogue's state as the URL holds it (`?tab=3&sort=1&page=2`), so a reload, a shared link
// and Back show the same page, and its mapping to the API's query (SPEC §7: empty category_id is
// all, prosmotri for popular, date_added for new).

export const sorts = [0, 1, 2] as const;
/** 0 all (the editors' order), 1 popular, 2 new. */
export type Sort = (typeof sorts)[number];

export interface CatalogueState {
  /** A category id, or undefined for All. */
  tab: number | undefined;
  sort: Sort;
  page: number;
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/u.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 ? number : undefined;
}

export function readCatalogueState(params: URLSearchParams): CatalogueState {
  const sort = Number(params.get('sort'));
  return {
    tab: positiveInt(params.get('tab')),
    sort: sort === 1 || sort === 2 ? sort : 0,
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** The URL's query for a state; defaults are left out so the plain address stays plain. */
export function writeCatalogueState(state: CatalogueState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== undefined) params.set('tab', String(state.tab));
  if (state.sort !== 0) params.set('sort', String(state.sort));
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API's query for a state (the catalogue calls' `pagedQuerySchema`). */
export function catalogueApiQuery(state: CatalogueState) {
  return {
    category_id: state.tab ?? '',
    prosmotri: state.sort === 1 ? 'true' : '',
    date_added: state.sort === 2 ? 'true' : '',
    page: state.page,
  } as const;
}
