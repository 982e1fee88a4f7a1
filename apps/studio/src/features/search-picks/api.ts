// The editors' search suggestions: read, and written whole.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callKey, queryClient, studio } from '../../lib/api.ts';

export const searchPicksQuery = queryOptions({
  queryKey: callKey('searchPicks'),
  queryFn: ({ signal }) => studio('searchPicks', { signal }),
});

export function useSaveSearchPicks() {
  return useMutation({
    mutationFn: (queries: string[]) => studio('searchPicksWrite', { body: { queries } }),
    onSuccess: (picks) => {
      queryClient.setQueryData(searchPicksQuery.queryKey, picks);
    },
  });
}
