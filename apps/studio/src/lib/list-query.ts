// A studio list's state in the address (`?q=…&category=2&sort=name&order=asc&page=3`): what the
// table shows is what the address says, so a list can be bookmarked, shared and gone back to.
// Values the address cannot hold are dropped for the defaults.
import { studioLimits } from '@efir/contract';

export interface ListQuery<S extends string> {
  page: number;
  size: number;
  q: string;
  category: number | undefined;
  draft: number | undefined;
  media: 'ready' | 'preparing' | 'failed' | 'none' | undefined;
  kind: number | undefined;
  sort: S;
  order: 'asc' | 'desc';
}

const mediaStates = ['ready', 'preparing', 'failed', 'none'] as const;

function positive(value: string | null): number | undefined {
  if (value === null || !/^[1-9]\d{0,8}$/u.test(value)) return undefined;
  return Number(value);
}

/** The list's state from the address; `sorts` are the columns it may be sorted by, the first the default. */
export function readListQuery<S extends string>(params: URLSearchParams, sorts: readonly [S, ...S[]]): ListQuery<S> {
  const size = positive(params.get('size'));
  const draft = params.get('draft');
  const media = params.get('media');
  const kind = params.get('kind');
  const sort = params.get('sort');
  return {
    page: positive(params.get('page')) ?? 1,
    size: size !== undefined && (studioLimits.pageSizes as readonly number[]).includes(size) ? size : 25,
    q: (params.get('q') ?? '').slice(0, 100),
    category: positive(params.get('category')),
    draft: draft === '0' || draft === '1' || draft === '2' ? Number(draft) : undefined,
    media: mediaStates.find((state) => state === media),
    kind: kind === '1' || kind === '2' ? Number(kind) : undefined,
    sort: sorts.find((entry) => entry === sort) ?? sorts[0],
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

/** The address of a list's state: only what differs from the defaults. */
export function writeListQuery<S extends string>(query: ListQuery<S>, defaultSort: S): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q.trim() !== '') params.set('q', query.q.trim());
  if (query.category !== undefined) params.set('category', String(query.category));
  if (query.draft !== undefined) params.set('draft', String(query.draft));
  if (query.media !== undefined) params.set('media', query.media);
  if (query.kind !== undefined) params.set('kind', String(query.kind));
  if (query.sort !== defaultSort) params.set('sort', query.sort);
  if (query.order !== 'desc') params.set('order', query.order);
  if (query.size !== 25) params.set('size', String(query.size));
  if (query.page !== 1) params.set('page', String(query.page));
  return params;
}

/** The query of the studio's list call for a list's state (empty filters left out). */
export function callQuery<S extends string>(query: ListQuery<S>) {
  return {
    page: query.page,
    size: query.size as 10 | 25 | 50 | 100,
    sort: query.sort,
    order: query.order,
    ...(query.q.trim() === '' ? {} : { q: query.q.trim() }),
    ...(query.category === undefined ? {} : { category: query.category }),
    ...(query.draft === undefined ? {} : { draft: query.draft as 0 | 1 | 2 }),
    ...(query.media === undefined ? {} : { media: query.media }),
    ...(query.kind === undefined ? {} : { kind: query.kind as 1 | 2 }),
  };
}
