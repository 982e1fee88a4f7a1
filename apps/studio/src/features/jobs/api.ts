// The ingest queue's calls: a page of jobs, followed while any of them is under way, and a retry
// of a failed one, which makes its item's media stale too.
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { callKey, queryClient, studio } from '../../lib/api.ts';

export function jobsQuery(page: number) {
  const query = { page };
  return queryOptions({
    queryKey: callKey('jobs', { query }),
    queryFn: ({ signal }) => studio('jobs', { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (state) =>
      state.state.data?.results.some((job) => job.stage !== 'done' && job.stage !== 'failed') === true ? 2000 : false,
  });
}

export function useRetryJob() {
  return useMutation({
    mutationFn: (id: number) => studio('jobRetry', { params: { id } }),
    onSuccess: () => {
      for (const key of ['jobs', 'videos', 'video', 'radios', 'radio']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
