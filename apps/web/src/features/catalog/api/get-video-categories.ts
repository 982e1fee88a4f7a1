import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';

export function useVideoCategories() {
  return useQuery(callQuery('videoCategories'));
}
