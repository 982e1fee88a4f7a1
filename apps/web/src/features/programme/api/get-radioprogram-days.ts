import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';

export function useRadioprogramDays() {
  return useQuery(callQuery('radioprogramList'));
}
