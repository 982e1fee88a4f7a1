import { useToast } from '../../components/toasts.tsx';
import { problemOf } from '../../lib/api.ts';

/** A change's toasts: `done` when it is made, the server's reason when it is refused. */
export function useOutcome() {
  const toast = useToast();
  return (done: string) => ({
    onSuccess: () => {
      toast(done);
    },
    onError: (error: unknown) => {
      toast(problemOf(error), true);
    },
  });
}
