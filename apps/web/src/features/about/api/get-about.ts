import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';

export function useAbout() {
  return useQuery({ ...callQuery('aboutMain'), enabled: useMayLoad() });
}
