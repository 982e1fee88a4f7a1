import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';

/** The related list, asked for only once `enabled` (the page waits 800 ms first). */
export function useRelatedVideos(id: number, enabled: boolean) {
  return useQuery({ ...callQuery('relatedVideos', { params: { id } }), enabled });
}
