// The calls of the radio page's popular lists: the editors' picks of each kind and writing them.
import { queryOptions, useMutation } from '@tanstack/react-query';
import { callKey, queryClient, studio } from '../../lib/api.ts';

export type PopularKind = 'programmes' | 'songs';

export function popularPicksQuery(kind: PopularKind) {
  return queryOptions({
    queryKey: callKey('popularPicks', { params: { kind } }),
    queryFn: ({ signal }) => studio('popularPicks', { params: { kind }, signal }),
  });
}

export function useWritePopularPicks(kind: PopularKind) {
  return useMutation({
    mutationFn: (radioIds: number[]) => studio('popularPicksWrite', { params: { kind }, body: { radioIds } }),
    // The answer is the picks as stored now.
    onSuccess: (answer) => {
      queryClient.setQueryData(popularPicksQuery(kind).queryKey, answer);
    },
  });
}
