// The calls of the home page's rows: the rows in order, the video categories they may show, and the
// changes, each dropping what it makes stale; a new order shows at once and goes back if refused.
import type { homeRowFieldsSchema, StudioHomeRow } from '@efir/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { callKey, queryClient, studio } from '../../lib/api.ts';

export type HomeRowFields = z.output<typeof homeRowFieldsSchema>;

export const homeRowsQuery = queryOptions({
  queryKey: callKey('homeRows'),
  queryFn: ({ signal }) => studio('homeRows', { signal }),
});

export const videoCategoriesQuery = queryOptions({
  queryKey: callKey('videoCategories'),
  queryFn: ({ signal }) => studio('videoCategories', { signal }),
});

function changed(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: homeRowsQuery.queryKey });
}

/** Adds a row (id null) or rewrites one. */
export function useSaveHomeRow(id: number | null) {
  return useMutation({
    mutationFn: (body: HomeRowFields) =>
      id === null ? studio('homeRowAdd', { body }) : studio('homeRowUpdate', { params: { id }, body }),
    onSuccess: changed,
  });
}

export function useDeleteHomeRow() {
  return useMutation({
    mutationFn: (id: number) => studio('homeRowDelete', { params: { id } }),
    onSuccess: changed,
  });
}

export function useOrderHomeRows() {
  return useMutation({
    mutationFn: (rows: StudioHomeRow[]) => studio('homeRowOrder', { body: { ids: rows.map((row) => row.id) } }),
    onMutate: async (rows) => {
      await queryClient.cancelQueries({ queryKey: homeRowsQuery.queryKey });
      const before = queryClient.getQueryData(homeRowsQuery.queryKey);
      queryClient.setQueryData(homeRowsQuery.queryKey, rows);
      return { before };
    },
    onError: (_error, _rows, result) => {
      if (result?.before !== undefined) queryClient.setQueryData(homeRowsQuery.queryKey, result.before);
      // A refusal may mean the rows changed elsewhere: ask for them again.
      return changed();
    },
    onSuccess: (rows) => {
      queryClient.setQueryData(homeRowsQuery.queryKey, rows);
    },
  });
}
