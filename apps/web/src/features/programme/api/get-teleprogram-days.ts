import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';

export function useTeleprogramDays() {
  return useQuery(callQuery('teleprogramList'));
}
