// Searches that found something are counted for the recommended searches. They are gathered in
// memory and written in one statement every few seconds, off the visitor's request path.
import type { Db } from '../db/database.ts';
import { recordSearches } from '../repositories/search.ts';

const maxPending = 5000;

export class SearchRecorder {
  readonly #db: Db;
  readonly #onFlushed: () => Promise<void>;
  #pending = new Map<string, { query: string; visitor: string }>();
  #timer: NodeJS.Timeout | undefined;

  constructor(db: Db, onFlushed: () => Promise<void>) {
    this.#db = db;
    this.#onFlushed = onFlushed;
  }

  add(query: string, visitor: string): void {
    const normalized = query.toLowerCase();
    if (this.#pending.size < maxPending) this.#pending.set(`${visitor}|${normalized}`, { query: normalized, visitor });
  }

  async flush(): Promise<void> {
    if (this.#pending.size === 0) return;
    const rows = [...this.#pending.values()];
    this.#pending = new Map();
    await recordSearches(this.#db, rows);
    await this.#onFlushed();
  }

  start(intervalMs: number, onError: (error: unknown) => void): void {
    this.#timer = setInterval(() => {
      this.flush().catch(onError);
    }, intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
