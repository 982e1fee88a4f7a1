import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';

export function usePopularSongs() {
  return useQuery({ ...callQuery('popularSongs'), enabled: useMayLoad() });
}
