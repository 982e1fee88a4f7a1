// The ingest queue's calls: a page of jobs, followed while any of them is under way (a retry of
// a failed one is lib/retry-job.ts, shared with the item pages).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callKey, studio } from '../../lib/api.ts';

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
