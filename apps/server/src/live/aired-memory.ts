// The aired log's tail as this node holds it: worked out `aheadMs` ahead of the clock, from the
// database under its lock, or by this node alone while the database is away (the same inputs give
// every node the same entries), and written back once it returns. What it holds freezes what
// players may have: the live and rewind playlists and what is on air are read from it. A node's
// first reading takes the log's last minutes only, so a restart airs again without waiting for
// hours of it; the older part follows when asked (`readOlder`, once the site's channels air), or
// when a call needs it, which waits for it.
import type { Db } from '../db/database.ts';
import { airedBefore, extendAired } from '../repositories/aired.ts';
import { type AiredEntry, type ChannelEntry, continueAiring, firstStartingAt, frontierAfter } from './aired.ts';
import { databaseWaitMs, type FailureReports, within } from './background-work.ts';
import { endOf, type Segment } from './timeline.ts';

export interface AiredMemoryOptions {
  db: Db;
  /** The name the log is kept under: `tv`, `radio`, or a copy's `tv+4`. */
  logName: string;
  /** How far ahead of the clock the log is worked out (ms). */
  aheadMs: number;
  /** A log that starts, or starts again after every node was down, reaches back this far (ms). */
  backfillMs: number;
  /** How much of the log is kept in memory behind the clock (ms). */
  keepMs: number;
  /** The channel's timeline between two instants, as its day plans have it. */
  timeline: (from: number, until: number) => Promise<ChannelEntry[]>;
  filler: () => Promise<Segment[]>;
  /** The filler's trims (see timeline.ts), which bring the log back to its timeline to the frame. */
  trims: () => Promise<Segment[]>;
  reports: FailureReports;
}

/** The log is topped up when less than this share of `aheadMs` is left. */
const refillShare = 0.6;
/** After a failed write of the log, the database is left alone this long. */
const retryDatabaseMs = 2000;
/** A node's first reading of the log reaches back this far: well past a live playlist's window. */
const firstReadMs = 5 * 60_000;
/** The older part is read this many entries at a time, so that requests (and the playlists' own
 * calls to the database, one at a time on the embedded one) wait behind a part, not behind hours
 * of log. */
const olderPartEntries = 500;

export class AiredMemory {
  private readonly options: AiredMemoryOptions;
  /** What the database confirmed, then what this node worked out alone. */
  private log: AiredEntry[] = [];
  private confirmed = 0;
  /** Up to here the channel's air is decided; undefined until the log was first read. */
  private decided: number | undefined;
  /** From here on the memory holds the whole log. */
  private from = Number.POSITIVE_INFINITY;
  private extending: Promise<void> | undefined;
  /** The older part of the log, left for after the first reading, and its reading once begun. */
  private older: { since: number; before: number; reading?: Promise<void> } | undefined;
  private databaseAwayUntil = 0;
  private stopped = false;

  constructor(options: AiredMemoryOptions) {
    this.options = options;
  }

  /** Up to here the channel's air is decided; undefined before this node first aired it. */
  get frontier(): number | undefined {
    return this.decided;
  }

  /** From here on the memory holds the whole log; before it, the schedule tells. */
  get heldFrom(): number {
    return this.from;
  }

  /** The entries held, in order. */
  get entries(): readonly AiredEntry[] {
    return this.log;
  }

  /**
   * Works the log out to `aheadMs` past t when less than `refillShare` of that is left: from the
   * database under its lock, or, when the database is away, by this node alone.
   */
  extend(t: number): Promise<void> {
    const { aheadMs } = this.options;
    if (this.decided !== undefined && this.decided >= t + aheadMs * refillShare) return Promise.resolve();
    this.extending ??= this.work(t).finally(() => {
      this.extending = undefined;
    });
    return this.extending;
  }

  /** Makes sure the log is known at t: waits only when it is not yet, else tops it up behind the scenes. */
  async ensure(t: number): Promise<void> {
    for (let tries = 0; tries < 3 && (this.decided === undefined || t >= this.decided); tries += 1) {
      await this.extend(t);
    }
    this.extend(t).catch((error: unknown) => {
      this.options.reports.report(error, 'working out the aired log');
    });
  }

  /** Waits until the memory holds what it keeps of the log at t, when the older part of it is
   * still being read after the first reading (which held only the last minutes). */
  async holding(t: number): Promise<void> {
    if (t < this.from) await this.readOlder();
  }

  /** Stops reading the older part (the site is closing); settles once no reading of it is left
   * and the extension under way has ended (so none writes to a database closed or emptied after
   * it), or the database's wait has passed (a frozen one never answers). */
  async stop(): Promise<void> {
    this.stopped = true;
    const extending = this.extending;
    await Promise.all([
      this.older?.reading,
      extending === undefined
        ? undefined
        : within(extending, databaseWaitMs, 'ending the aired log').catch(() => undefined),
    ]);
  }

  /** Reads the older part of the log the first reading left, once. */
  readOlder(): Promise<void> {
    const older = this.older;
    if (older === undefined) return Promise.resolve();
    older.reading ??= this.putOlderBefore(older.since, older.before);
    return older.reading;
  }

  /** The entry airing at t; null when nothing airs; undefined when the memory cannot say. */
  at(t: number): AiredEntry | null | undefined {
    if (this.decided === undefined || t >= this.decided || t < this.from) return undefined;
    const last = this.log[firstStartingAt(this.log, t + 1) - 1];
    return last === undefined || t >= endOf(last) ? null : last;
  }

  private async work(t: number): Promise<void> {
    const { db, logName, aheadMs, backfillMs, keepMs, reports } = this.options;
    const until = t + aheadMs;
    // Nothing is ever added before t - backfillMs (see continueFrom).
    const timeline = await this.options.timeline(t - backfillMs, until);
    const filler = await this.options.filler();
    const trims = await this.options.trims();
    const continueFrom = (last: AiredEntry | undefined, frontier: number) => {
      const cursor = Math.max(frontier, last === undefined ? 0 : endOf(last), t - backfillMs);
      if (cursor >= until) return { entries: [], frontier };
      const entries = continueAiring(last, cursor, timeline, until, filler, trims);
      return { entries, frontier: frontierAfter(entries, until) };
    };
    // A node that has never read the log cannot air alone: it would start a log of its own.
    if (Date.now() >= this.databaseAwayUntil || this.decided === undefined) {
      try {
        const local = this.log.slice(this.confirmed);
        const knownSequence = this.confirmed > 0 ? (this.log[this.confirmed - 1] as AiredEntry).sequence : undefined;
        const extension = extendAired(db, logName, knownSequence, t - firstReadMs, (added, stored) => {
          // What this node aired alone while the database was away goes in first, unless another
          // node wrote its own meanwhile (the same, from the same inputs).
          if (added.length === 0 && local.length > 0) {
            const after = continueFrom(local.at(-1), Math.max(stored, this.decided ?? 0));
            return { entries: [...local, ...after.entries], frontier: after.frontier };
          }
          return continueFrom(added.at(-1) ?? this.log[this.confirmed - 1], stored);
        });
        // Should a slow write land after all, its entries are the ones this node works out alone
        // meanwhile (the same inputs), and it reads them back at its next write. A node with
        // nothing in memory yet waits for the database (its own timeouts bound that).
        const result =
          this.decided === undefined
            ? await extension
            : await within(extension, databaseWaitMs, 'writing the aired log');
        if (knownSequence === undefined) {
          this.log = result.entries;
          // Before its first entry the log says nothing (it began then): the schedule tells.
          this.from = Math.max(t - keepMs, this.log[0]?.start ?? t);
          const first = this.log[0];
          if (first !== undefined && first.start > t - keepMs)
            this.older = { since: t - keepMs, before: first.sequence };
        } else {
          this.log = [...this.log.slice(0, this.confirmed), ...result.entries];
        }
        this.confirmed = this.log.length;
        this.decided = result.frontier;
        this.trim(t);
        reports.succeeded();
        return;
      } catch (error) {
        this.databaseAwayUntil = Date.now() + retryDatabaseMs;
        reports.report(error, 'writing the aired log (airing from memory meanwhile)');
        if (this.decided === undefined) throw error;
      }
    }
    const added = continueFrom(this.log.at(-1), this.decided);
    this.log.push(...added.entries);
    this.decided = Math.max(this.decided, added.frontier);
  }

  /** Puts the log from `since` before the first reading's first entry, newest part first. Should
   * the database not answer, the memory holds the log from where it got to, as after a start with
   * nothing older. */
  private async putOlderBefore(since: number, before: number): Promise<void> {
    const { db, logName, reports } = this.options;
    try {
      for (let next = before; !this.stopped;) {
        const part = await airedBefore(db, logName, next, since, olderPartEntries);
        const first = part[0];
        if (first === undefined) return;
        this.log = [...part, ...this.log];
        this.confirmed += part.length;
        this.from = Math.max(since, first.start);
        if (part.length < olderPartEntries) return;
        next = first.sequence;
        // The embedded database answers without a turn of the event loop: requests go in between.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      reports.report(error, 'reading the older part of the aired log');
    }
  }

  /** Keeps `keepMs` of the log behind t in memory (the confirmed part; what is only local stays). */
  private trim(t: number): void {
    const { keepMs } = this.options;
    let drop = 0;
    while (drop < this.confirmed - 1 && endOf(this.log[drop] as AiredEntry) < t - keepMs) drop += 1;
    if (drop === 0) return;
    this.log = this.log.slice(drop);
    this.confirmed -= drop;
    this.from = Math.max(this.from, t - keepMs);
  }
}
