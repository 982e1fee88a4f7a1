import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** A radio was chosen to play: its play count. */
export function recordRadioPlay(radioId: number) {
  return api('radioPlay', { params: { id: radioId } });
}

export function useRecordRadioPlay() {
  return useMutation({ mutationFn: recordRadioPlay });
}
