// The calls of a list the studio keeps in order (the home page's rows, the radio listings, the
// polls, a slideshow's slides), written once over each list's own bindings: the list, and the
// changes, each dropping what it makes stale; a new order shows at once and goes back if refused.
import { type QueryKey, queryOptions, useMutation } from '@tanstack/react-query';
import { queryClient } from './api.ts';

/** One list's calls, each bound to its own name in the contract. */
export interface OrderedCalls<Entry extends { id: number }, Fields> {
  /** The list's query key. */
  key: QueryKey;
  list: (signal: AbortSignal) => Promise<Entry[]>;
  add: (body: Fields) => Promise<Entry>;
  update: (id: number, body: Fields) => Promise<Entry>;
  remove: (id: number) => Promise<unknown>;
  /** Answers the list in its new order. */
  order: (ids: number[]) => Promise<Entry[]>;
}

export function listQuery<Entry extends { id: number }>(calls: OrderedCalls<Entry, never>) {
  return queryOptions({ queryKey: calls.key, queryFn: ({ signal }) => calls.list(signal) });
}

function changed(calls: { key: QueryKey }): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: calls.key });
}

/** Adds an entry (id null) or rewrites one. */
export function useSaveEntry<Entry extends { id: number }, Fields>(
  calls: OrderedCalls<Entry, Fields>,
  id: number | null,
) {
  return useMutation({
    mutationFn: (body: Fields) => (id === null ? calls.add(body) : calls.update(id, body)),
    onSuccess: () => changed(calls),
  });
}

export function useRemoveEntry(calls: Pick<OrderedCalls<{ id: number }, never>, 'key' | 'remove'>) {
  return useMutation({
    mutationFn: (id: number) => calls.remove(id),
    onSuccess: () => changed(calls),
  });
}

/** Puts the entries in a new order: shown at once, the old order back if it is refused. */
export function useOrderEntries<Entry extends { id: number }>(calls: OrderedCalls<Entry, never>) {
  return useMutation({
    mutationFn: (entries: Entry[]) => calls.order(entries.map((entry) => entry.id)),
    onMutate: async (entries) => {
      await queryClient.cancelQueries({ queryKey: calls.key });
      const before = queryClient.getQueryData<Entry[]>(calls.key);
      queryClient.setQueryData(calls.key, entries);
      return { before };
    },
    onError: (_error, _entries, result) => {
      if (result?.before !== undefined) queryClient.setQueryData(calls.key, result.before);
      // A refusal may mean the list changed elsewhere: ask for it again.
      return changed(calls);
    },
    onSuccess: (entries) => {
      queryClient.setQueryData(calls.key, entries);
    },
  });
}
