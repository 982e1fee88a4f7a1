import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';

export function useSearchVideos(q: string) {
  return useQuery({ ...callQuery('searchVideos', { params: { q } }), enabled: q !== '' });
}
