import { useQuery } from '@tanstack/react-query';
import { teleprogramTodayQuery } from '../../../lib/today-queries.ts';

/** Today's TV run, or 'none'; a failed answer counts as 'none' here. */
export function useTeleprogramToday() {
  const query = useQuery(teleprogramTodayQuery);
  return { data: query.isError ? ('none' as const) : query.data };
}
