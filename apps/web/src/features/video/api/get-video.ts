import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';

/** The video, counting the visit as a view (a PATCH). */
export function useVideo(id: number) {
  return useQuery({ ...callQuery('video', { params: { id } }), staleTime: Infinity });
}
