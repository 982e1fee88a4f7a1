import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';

export function useSearchRadios(q: string) {
  return useQuery({ ...callQuery('searchRadios', { params: { q } }), enabled: q !== '' });
}
