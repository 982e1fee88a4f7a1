import { useQuery } from '@tanstack/react-query';
import { radioprogramTodayQuery } from '../../../lib/today-queries.ts';

/** Today's radio run, or 'none'; a failed answer counts as 'none' here. Shared with the live radio. */
export function useRadioprogramToday() {
  const query = useQuery(radioprogramTodayQuery);
  return { data: query.isError ? ('none' as const) : query.data };
}
