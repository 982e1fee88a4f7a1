// A catalogue's calls as the studio's screens use them, written once over each catalogue's own
// bindings (features/videos/api.ts, features/radios/api.ts): the list page and the item, followed
// while something is being made, and the changes, each dropping what it makes stale.
import type { MediaState, StudioCategory, StudioJob } from '@efir/contract';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { queryClient } from './api.ts';
import { callQuery, type ListQuery } from './list-query.ts';

/** A list page's query as the server reads it, in the catalogue's orders. */
type Query<Sort extends string> = ReturnType<typeof callQuery<Sort>>;

/** One catalogue's calls, each bound to its own name in the contract. */
export interface CatalogueCalls<Item extends { id: number; media: MediaState }, Fields, Sort extends string> {
  /** The query keys' first parts: the list's, the item's, the categories'. */
  keys: { list: string; item: string; categories: string };
  /** The orders the server sorts by, the first the default. */
  sorts: readonly [Sort, ...Sort[]];
  categories: (signal: AbortSignal) => Promise<StudioCategory[]>;
  page: (query: Query<Sort>, signal: AbortSignal) => Promise<{ count: number; results: Item[] }>;
  item: (id: number, signal: AbortSignal) => Promise<Item>;
  add: (body: Fields & { upload?: string }) => Promise<Item>;
  update: (id: number, body: Partial<Fields>) => Promise<Item>;
  media: (id: number, upload: string) => Promise<Item>;
  picture: (id: number, upload: string) => Promise<Item>;
  remove: (id: number) => Promise<unknown>;
}

type AnyCalls = Pick<
  CatalogueCalls<{ id: number; media: MediaState }, never, string>,
  'keys' | 'categories' | 'remove'
>;

export function categoriesQuery(calls: Pick<AnyCalls, 'keys' | 'categories'>) {
  return queryOptions({
    queryKey: [calls.keys.categories] as const,
    queryFn: ({ signal }) => calls.categories(signal),
  });
}

export function pageQuery<Item extends { id: number; media: MediaState }, Sort extends string>(
  calls: CatalogueCalls<Item, never, Sort>,
  list: ListQuery<Sort>,
) {
  const query = callQuery(list);
  return queryOptions({
    queryKey: [calls.keys.list, query] as const,
    queryFn: ({ signal }) => calls.page(query, signal),
    placeholderData: keepPreviousData,
    // While something is being made, its progress is followed.
    refetchInterval: (state) =>
      state.state.data?.results.some((item) => item.media === 'preparing') === true ? 2000 : false,
  });
}

const itemKey = (calls: Pick<AnyCalls, 'keys'>, id: number) => [calls.keys.item, { id }] as const;

/** Whether a job is still to end. */
const jobUnderWay = (job: Pick<StudioJob, 'stage'>): boolean => job.stage !== 'done' && job.stage !== 'failed';

export function itemQuery<
  Item extends { id: number; media: MediaState; job?: Pick<StudioJob, 'stage'> | null },
  Sort extends string,
>(calls: CatalogueCalls<Item, never, Sort>, id: number) {
  return queryOptions({
    queryKey: itemKey(calls, id),
    queryFn: ({ signal }) => calls.item(id, signal),
    // Followed while its media are made, or its job makes anything else of them (subtitles).
    refetchInterval: (state) => {
      const item = state.state.data;
      return item?.media === 'preparing' || (item?.job != null && jobUnderWay(item.job)) ? 1000 : false;
    },
  });
}

/** After a change of an item: every list, the categories' counts and its own page ask again. */
function changed(calls: Pick<AnyCalls, 'keys'>, item?: { id: number }): void {
  void queryClient.invalidateQueries({ queryKey: [calls.keys.list] });
  void queryClient.invalidateQueries({ queryKey: [calls.keys.categories] });
  void queryClient.invalidateQueries({ queryKey: ['jobs'] });
  if (item !== undefined) queryClient.setQueryData(itemKey(calls, item.id), item);
}

export function useAddItem<Item extends { id: number; media: MediaState }, Fields, Sort extends string>(
  calls: CatalogueCalls<Item, Fields, Sort>,
) {
  return useMutation({
    mutationFn: (body: Fields & { upload?: string }) => calls.add(body),
    onSuccess: (item) => {
      changed(calls, item);
    },
  });
}

export function useUpdateItem<Item extends { id: number; media: MediaState }, Fields, Sort extends string>(
  calls: CatalogueCalls<Item, Fields, Sort>,
  id: number,
) {
  return useMutation({
    mutationFn: (body: Partial<Fields>) => calls.update(id, body),
    onSuccess: (item) => {
      changed(calls, item);
    },
  });
}

/** New media or a new picture for an item, from an upload. */
export function useItemUpload<Item extends { id: number; media: MediaState }, Sort extends string>(
  calls: CatalogueCalls<Item, never, Sort>,
  id: number,
  what: 'media' | 'picture',
) {
  return useItemChange(calls, (upload: string) => calls[what](id, upload));
}

/** A change of an item that answers the item: the lists follow, and its page shows the answer. */
export function useItemChange<Item extends { id: number }, A>(
  calls: Pick<AnyCalls, 'keys'>,
  run: (argument: A) => Promise<Item>,
) {
  return useMutation({
    mutationFn: run,
    onSuccess: (item) => {
      changed(calls, item);
    },
  });
}

export function useRemoveItem(calls: Pick<AnyCalls, 'keys' | 'remove'>, id: number) {
  return useMutation({
    mutationFn: () => calls.remove(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: itemKey(calls, id) });
      changed(calls);
    },
  });
}
