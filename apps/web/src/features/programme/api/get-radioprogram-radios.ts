import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, callKey } from '../../../lib/api.ts';

export function getRadioprogramRadios(dayId: number, signal?: AbortSignal) {
  return api('radioprogramRadios', { params: { id: dayId }, signal });
}

export const radioprogramRadiosQuery = (dayId: number) =>
  queryOptions({
    queryKey: callKey('radioprogramRadios', { params: { id: dayId } }),
    queryFn: ({ signal }) => getRadioprogramRadios(dayId, signal),
  });

export function useRadioprogramRadios(dayId: number) {
  return useQuery(radioprogramRadiosQuery(dayId));
}
