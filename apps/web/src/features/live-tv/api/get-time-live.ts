import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';

/** The schedules' wall clock, polled every 2 s (SPEC §9) while `polling`. */
export function useTimeLive(polling: boolean) {
  return useQuery({ ...callQuery('timeLive'), refetchInterval: polling ? 2000 : false, enabled: polling });
}
