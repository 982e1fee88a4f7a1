import { useMutation } from '@tanstack/react-query';
import { fetchCall } from '../../../lib/api.ts';

/** PATCH /add/radio/history/{id}/: a radio was chosen to play. */
export function recordRadioPlay(radioId: number) {
  return fetchCall<'radioPlay'>(`/add/radio/history/${radioId}/`, { method: 'PATCH' });
}

export function useRecordRadioPlay() {
  return useMutation({ mutationFn: recordRadioPlay });
}
