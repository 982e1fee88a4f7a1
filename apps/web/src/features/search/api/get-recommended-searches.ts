import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';

export function useRecommendedSearches() {
  return useQuery(callQuery('recommendedSearches'));
}
