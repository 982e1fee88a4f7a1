import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';

export function getRadioprogramDays(signal?: AbortSignal) {
  return api('radioprogramList', { signal });
}

export const radioprogramDaysQuery = queryOptions({
  queryKey: callKey('radioprogramList'),
  queryFn: ({ signal }) => getRadioprogramDays(signal),
});

export function useRadioprogramDays() {
  return useQuery(radioprogramDaysQuery);
}
