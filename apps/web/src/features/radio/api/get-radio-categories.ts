import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';

export function useRadioCategories() {
  return useQuery(callQuery('radioCategories'));
}
