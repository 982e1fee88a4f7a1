import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';

export function getTeleprogramDays(signal?: AbortSignal) {
  return api('teleprogramList', { signal });
}

export const teleprogramDaysQuery = queryOptions({
  queryKey: callKey('teleprogramList'),
  queryFn: ({ signal }) => getTeleprogramDays(signal),
});

export function useTeleprogramDays() {
  return useQuery(teleprogramDaysQuery);
}
