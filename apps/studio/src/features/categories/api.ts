// The category calls of both catalogues: the same five calls over videos and radios, so each is
// picked here by the catalogue's kind. Every change drops the list it touches; a new order shows
// at once and goes back if the server refuses it.
import type { StudioCategory } from '@efir/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callKey, queryClient, studio } from '../../lib/api.ts';

export type CategoryKind = 'video' | 'radio';

function listKey(kind: CategoryKind) {
  return callKey(`${kind}Categories`);
}

export function categoriesQuery(kind: CategoryKind) {
  return queryOptions({
    queryKey: listKey(kind),
    queryFn: ({ signal }) => studio(`${kind}Categories`, { signal }),
  });
}

function changed(kind: CategoryKind): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: listKey(kind) });
}

export function useAddCategory(kind: CategoryKind) {
  return useMutation({
    mutationFn: (name: string) => studio(`${kind}CategoryAdd`, { body: { name } }),
    onSuccess: () => changed(kind),
  });
}

export function useRenameCategory(kind: CategoryKind) {
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      studio(`${kind}CategoryUpdate`, { params: { id }, body: { name } }),
    onSuccess: () => changed(kind),
  });
}

export function useDeleteCategory(kind: CategoryKind) {
  return useMutation({
    mutationFn: (id: number) => studio(`${kind}CategoryDelete`, { params: { id } }),
    onSuccess: () => changed(kind),
  });
}

/** Saves a new order: shown at once, put back as it was when the server refuses it. */
export function useOrderCategories(kind: CategoryKind) {
  const key = listKey(kind);
  return useMutation({
    mutationFn: (items: StudioCategory[]) =>
      studio(`${kind}CategoryOrder`, { body: { ids: items.map((item) => item.id) } }),
    onMutate: async (items) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<StudioCategory[]>(key);
      queryClient.setQueryData(key, items);
      return { before };
    },
    onError: (_error, _items, context) => {
      if (context?.before !== undefined) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
    },
    onSettled: () => changed(kind),
  });
}
