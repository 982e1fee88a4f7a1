// The pause before each new try at something that failed: it doubles from the first pause up to
// the last and stays there, so a source that is away for long is asked every few seconds, never
// in a busy loop, and one that comes back is found again within the last pause.

export interface Backoff {
  /** Runs `retry` after the next pause (replacing a retry already waiting). */
  schedule: (retry: () => void) => void;
  /** It worked: the next failure waits the first pause again. */
  succeeded: () => void;
  /** Whether a failure since the last success is being retried. */
  readonly failing: boolean;
  /** Drops the retry waiting, if any. */
  cancel: () => void;
}

export function backoffPauseMs(attempt: number, firstMs: number, lastMs: number): number {
  return Math.min(firstMs * 2 ** attempt, lastMs);
}

/** A live viewer's wait after a source comes back is at most the last pause plus a load: 4 s keeps
 * it within about 5 s while a thousand viewers still ask only every few seconds. */
export function createBackoff(firstMs = 1000, lastMs = 4000): Backoff {
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = (): void => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    schedule: (retry) => {
      cancel();
      timer = setTimeout(
        () => {
          timer = undefined;
          retry();
        },
        backoffPauseMs(attempt, firstMs, lastMs),
      );
      attempt += 1;
    },
    succeeded: () => {
      attempt = 0;
    },
    get failing() {
      return attempt > 0;
    },
    cancel,
  };
}
