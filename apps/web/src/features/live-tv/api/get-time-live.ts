import { useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/time-live/: the schedules' wall clock, polled every 2 s (SPEC §9) while `polling`. */
export function useTimeLive(polling: boolean) {
  return useQuery({
    queryKey: ['time-live'],
    queryFn: ({ signal }) => fetchCall<'timeLive'>('/get/time-live/', { signal }),
    refetchInterval: polling ? 2000 : false,
    enabled: polling,
  });
}
