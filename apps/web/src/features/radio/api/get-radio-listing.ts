import { useQuery } from '@tanstack/react-query';
import { callQuery } from '../../../lib/api.ts';
import { useMayLoad } from '../../../lib/below-the-fold.tsx';

export function useRadioListing() {
  return useQuery({ ...callQuery('radioListing'), enabled: useMayLoad() });
}
