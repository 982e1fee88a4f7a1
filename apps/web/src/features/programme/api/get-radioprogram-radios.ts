import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** GET /get/radioprogram/radios/{dayId}/ */
export function getRadioprogramRadios(dayId: number, signal?: AbortSignal) {
  return fetchCall<'radioprogramRadios'>(`/get/radioprogram/radios/${dayId}/`, signal ? { signal } : {});
}

export const radioprogramRadiosQuery = (dayId: number) =>
  queryOptions({
    queryKey: ['radioprogram-radios', dayId],
    queryFn: ({ signal }) => getRadioprogramRadios(dayId, signal),
  });

export function useRadioprogramRadios(dayId: number) {
  return useQuery(radioprogramRadiosQuery(dayId));
}
