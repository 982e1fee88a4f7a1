// A live channel's page moving on, the same for TV and radio: when the item on air has used its
// allowance (its duration and a margin), the page publishes it and asks to move on; the server
// answers with the run its clock gives, which the page then follows.
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { allowanceSpent } from './live.ts';

/** A day on the air as the page follows it: its id, the item it is at, and whether it runs (1). */
interface Run {
  id: number;
  index: number;
  status: number;
}

/**
 * An item's allowance is spent: `publish` marks it published, then `next` asks to move on. The
 * server decides both by its clock; the answer is the run the page follows.
 */
export async function publishThenNext<T>(publish: () => Promise<unknown>, next: () => Promise<T>): Promise<T> {
  try {
    await publish();
  } catch (error) {
    // Refused while the item has not finished airing by the server's clock: only logged.
    console.error(error);
  }
  return next();
}

export function useAllowanceAdvance<I>(options: {
  run: Run | 'none' | undefined;
  items: readonly I[];
  /** The medium of an item: its id and length (seconds). Kept the same between renders. */
  mediumOf: (item: I) => { id: number; duration: number };
  allowanceSeconds: number;
  /** Publishes the item and asks for the next; answers the run to follow. */
  advance: (runId: number, mediumId: number, nextIndex: number) => Promise<unknown>;
  /** Where the page keeps the run. */
  runKey: QueryKey;
}): void {
  const { run, items, mediumOf, allowanceSeconds, advance, runKey } = options;
  const queryClient = useQueryClient();
  const since = useRef<{ key: string; at: number }>(undefined);
  // A layout effect: the allowance counts from the commit that shows the item on air, not from
  // whenever the browser gets round to the effects after painting it (seconds later when loaded).
  useLayoutEffect(() => {
    if (run === undefined || run === 'none' || run.status !== 1) return;
    const item = items[run.index];
    if (item === undefined) return;
    const medium = mediumOf(item);
    const key = `${String(run.id)}:${String(run.index)}`;
    if (since.current?.key !== key) since.current = { key, at: Date.now() };
    const started = since.current.at;
    const timer = window.setInterval(() => {
      if (!allowanceSpent((Date.now() - started) / 1000, medium.duration, allowanceSeconds)) return;
      window.clearInterval(timer);
      advance(run.id, medium.id, run.index + 1).then(
        (next) => {
          queryClient.setQueryData(runKey, next);
        },
        (error: unknown) => {
          console.error(error);
        },
      );
    }, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, [run, items, mediumOf, allowanceSeconds, advance, runKey, queryClient]);
}
