import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';

export function useRadioprogramRadios(dayId: number) {
  return useQuery(callQuery('radioprogramRadios', { params: { id: dayId } }));
}
