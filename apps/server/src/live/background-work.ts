// How a live channel's background work meets a slow or absent database: a bounded wait, after
// which it goes on from what it holds in memory, and its failures told once each.

/**
 * How long the background work waits on the database: well under what the log is worked out
 * ahead of the clock, so no playlist ever waits on a frozen database.
 */
export const databaseWaitMs = 1500;

class DatabaseTooSlow extends Error {}

/** The promise, or a rejection after `ms`; what it does later is only reported. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new DatabaseTooSlow(`${what}: no answer from the database within ${ms} ms`));
    }, ms);
  });
  promise.catch(() => undefined);
  return Promise.race([promise, late]).finally(() => {
    clearTimeout(timer);
  });
}

/** Failures of the background work, each told once until the same work succeeds again (an outage
 * is one message). */
export class FailureReports {
  private readonly failing = new Set<string>();
  private readonly onError: ((error: unknown, what: string) => void) | undefined;

  constructor(onError: ((error: unknown, what: string) => void) | undefined) {
    this.onError = onError;
  }

  report(error: unknown, what: string): void {
    if (this.failing.has(what)) return;
    this.failing.add(what);
    this.onError?.(error, what);
  }

  /** `what` worked again, or, without it, all of the work did. */
  succeeded(what?: string): void {
    if (what === undefined) this.failing.clear();
    else this.failing.delete(what);
  }
}
