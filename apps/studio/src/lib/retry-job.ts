// Another try of a failed job making an item's media: the jobs screen's and the item pages'. It
// makes the lists and the item's page stale too.
import { useMutation } from '@tanstack/react-query';
import { queryClient, studio } from './api.ts';

export function useRetryJob() {
  return useMutation({
    mutationFn: (id: number) => studio('jobRetry', { params: { id } }),
    onSuccess: () => {
      for (const key of ['jobs', 'videos', 'video', 'radios', 'radio']) {
        void queryClient.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
