// A live channel (TV or radio): its days as timelines, the aired log that freezes what players may
// hold, what is on air at an instant, and its live playlist. Nothing is encoded at play time.
//
// The node keeps in memory what it needs to go on airing: the day plans (refreshed in the
// background, the last good one kept when the database is away), the segment lists (media never
// change once made) and the log's tail. The log is worked out `aheadMs` ahead of the clock; while
// the database is unreachable the node goes on working it out by itself from what it holds, and
// writes it back once the database returns (the same inputs give every node the same entries).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatShift, mediaPathOf, mediaUrl, rewindDefaults } from '@efir/contract';
import type { Db } from '../db/database.ts';
import { addDays, dateIn, instantOf } from '../lib/clock.ts';
import { fillerPerLong, longFillerPlaylist } from '../media/filler.ts';
import { extendAired } from '../repositories/aired.ts';
import { type LiveChannelName, type LiveScheduleDay, liveScheduleDay, scheduledDays } from '../repositories/live.ts';
import { type AiredEntry, type ChannelEntry, continueAiring, endOf, firstStartingAt, frontierAfter } from './aired.ts';
import { type LiveWindow, liveWindow, livePlaylist, type RewindWindow, rewindWindow } from './live-playlist.ts';
import { type AiredProgramme, airingAt, type DayPlan, movedPlan, onAirFrom, type OnAirNow } from './on-air.ts';
import { parseMediaPlaylist, resolveSegmentUri } from './segment-list.ts';
import { buildDayTimeline, type LongFiller, onAirAt, type Segment } from './timeline.ts';

/** The rung a TV segment URI leaves open; every rung has the same segments. */
const rungSlot = '{rung}';
/** The rung whose playlist gives a video's segment list. */
const referenceRung = 720;

/** How a channel's media lie under DATA_DIR/media: the TV's a folder per rung, read at the
 * reference rung and aired with the rung left open; the radio's one rendition. */
const mediaLayouts: Record<LiveChannelName, { filler: string; rung?: { name: string; slot: string } }> = {
  tv: { filler: 'filler/tv', rung: { name: String(referenceRung), slot: rungSlot } },
  radio: { filler: 'filler/radio' },
};

export interface RunState {
  /** TV: 1 on air, 0 not begun, 4 over. Radio: 1 an item on air, 4 between items, 0 off air. */
  status: number;
  /** The position in the day's full list (ads included) of the item on air or next to air. */
  index: number;
}

/** A day of a channel with its run state: what the teleprogram and radioprogram objects say. */
export interface DayRun extends RunState {
  id: number;
  /** YYYY-MM-DD */
  day: string;
  startsAt: string;
  finishedText: string;
}

export type { AiredProgramme, DayPlan, OnAirNow } from './on-air.ts';

/** The parts of a day a run needs: a schedule's, or a day row's. */
export type DayHeading = Pick<DayRun, 'id' | 'day' | 'startsAt' | 'finishedText'>;

/** Whether a day in this run state is being shown: the `show` flag of the spec's withads and show
 * calls. TV: an item on air; radio: anything between its first start and its end, gaps included. */
export function isShowing(channel: LiveChannelName, state: RunState): boolean {
  return state.status === 1 || (channel === 'radio' && state.status === 4);
}

export interface LivePlaylistAnswer {
  text: string;
  /** The text as UTF-8, ready to send. */
  body: Buffer;
  /** The channel stopped airing: the playlist is closed with EXT-X-ENDLIST. */
  ended: boolean;
}

interface HeldAnswer {
  from: number;
  /** When the answer may change: the next segment's start, the end of the air, or the frontier. */
  until: number;
  answer: LivePlaylistAnswer | undefined;
}

export interface LiveChannelOptions {
  channel: LiveChannelName;
  /**
   * A regional copy: the channel it copies, and by how much its zone is ahead of the schedules'
   * (ms). The copy airs every item at the same wall-clock time there, from the same media, with an
   * aired log of its own; it reads its days from the channel's plans.
   */
  copyOf?: { channel: LiveChannel; shiftMs: number };
  /** How far back the channel can be rewound (ms); rewindDefaults.hours when unset. */
  rewindMs?: number;
  db: Db;
  /** DATA_DIR/media; without it no item has segments and the filler is empty. */
  mediaDir: string | undefined;
  timeZone: string;
  /** How long a day plan is used before it is read again (ms). */
  planTtlMs?: number;
  /** How far ahead of the clock the log is worked out (ms): how soon a change of schedule airs. */
  aheadMs?: number;
  /**
   * Settles once the filler exists (made in the background at a first start): day plans wait for
   * it, so no plan is ever laid out without the filler and then with it.
   */
  fillerReady?: Promise<unknown>;
  /** Told of failures of the background work (the database away, a plan that cannot be read),
   * once each until that work succeeds again. */
  onError?: (error: unknown, what: string) => void;
}

interface CachedPlan {
  /** Date.now() when it was read; 0 once forgotten. */
  loadedAt: number;
  plan: DayPlan | undefined;
}

/** The log is topped up when less than this is worked out ahead of the clock. */
const refillShare = 0.6;
/** What a node keeps in memory of the log beyond the rewind window: a player rewound to its
 * oldest instant goes on playing that long before its playlist's start leaves the memory. */
const keptBeyondRewindMs = 30 * 60_000;
/** After a failed write of the log, the database is left alone this long. */
const retryDatabaseMs = 2000;
/**
 * How long the background work waits on the database before it goes on from memory: well under
 * what the log is worked out ahead, so no playlist ever waits on a frozen database.
 */
const databaseWaitMs = 1500;

class DatabaseTooSlow extends Error {}

/** Why a rewind was refused: an answer's status and words. */
export interface RewindProblem {
  status: 400 | 404 | 410;
  detail: string;
}

/** The promise, or a rejection after `ms`; what it does later is only reported. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
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

/** A window's playlist for a rung, from `cache` by what decides its bytes (`key`), or written and
 * kept there, the oldest of more than `size` forgotten. */
function rendered(
  cache: Map<string, LivePlaylistAnswer>,
  size: number,
  key: string,
  window: LiveWindow | RewindWindow,
  slot: string,
): LivePlaylistAnswer {
  let answer = cache.get(key);
  if (answer === undefined) {
    const text = livePlaylist(window, (uri) => uri.replace(rungSlot, slot));
    answer = { text, body: Buffer.from(text), ended: window.ended };
    cache.set(key, answer);
    if (cache.size > size) cache.delete(cache.keys().next().value as string);
  }
  return answer;
}

export class LiveChannel {
  readonly channel: LiveChannelName;
  /** How far the channel's zone is ahead of the schedules' (ms): 0, or a regional copy's shift. */
  readonly shiftMs: number;
  /** The name its aired log is kept under: `tv`, `radio`, or a copy's `tv+4`. */
  readonly logName: string;
  readonly rewindMs: number;
  private readonly options: LiveChannelOptions;
  private readonly aheadMs: number;
  /** A log that starts, or starts again after every node was down, reaches back this far. */
  private readonly backfillMs: number;
  /** How much of the log the node keeps in memory behind the clock. */
  private readonly keepMs: number;
  private readonly movedPlans = new WeakMap<DayPlan, DayPlan>();
  /** The regional copies of this channel, told when its schedule changes. */
  private readonly copies: LiveChannel[] = [];
  private readonly plans = new Map<string, CachedPlan>();
  /** The last plan made for a day and what it was made from: read again unchanged, a day keeps
   * its plan rather than laying out its timeline again (tens of thousands of segments). */
  private readonly madeFrom = new Map<string, { inputs: string; plan: DayPlan }>();
  private readonly loading = new Map<string, Promise<DayPlan | undefined>>();
  private readonly segmentLists = new Map<string, Promise<Segment[]>>();
  private readonly rendered = new Map<string, LivePlaylistAnswer>();
  /** Rewound playlists, by what decides their bytes: fewer, as each can be long. */
  private readonly rewound = new Map<string, LivePlaylistAnswer>();
  private readonly held = new Map<string, HeldAnswer>();
  private fillerSegments: Segment[] | undefined;
  private longFillerSegments: LongFiller | undefined;
  /** Counts the changes of the schedule this node was told of: a plan read across one is stale. */
  private plansRead = 0;
  private merged: { plans: (DayPlan | undefined)[]; entries: ChannelEntry[] } | undefined;
  /** The log's tail in memory: what the database confirmed, then what this node worked out alone. */
  private log: AiredEntry[] = [];
  private confirmed = 0;
  /** Up to here the channel's air is decided; undefined until the log was first read. */
  private frontier: number | undefined;
  /** From here on the memory holds the whole log. */
  private heldFrom = Number.POSITIVE_INFINITY;
  private extending: Promise<void> | undefined;
  private databaseAwayUntil = 0;
  private readonly failing = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(options: LiveChannelOptions) {
    this.options = options;
    this.channel = options.channel;
    this.shiftMs = options.copyOf?.shiftMs ?? 0;
    this.logName = this.shiftMs === 0 ? options.channel : `${options.channel}${formatShift(this.shiftMs / 60_000)}`;
    this.aheadMs = options.aheadMs ?? 10_000;
    this.rewindMs = options.rewindMs ?? rewindDefaults.hours * 3_600_000;
    this.backfillMs = this.rewindMs;
    this.keepMs = this.rewindMs + keptBeyondRewindMs;
    options.copyOf?.channel.copies.push(this);
  }

  /** The date on the channel's wall clock at t: the schedules' zone, moved by a copy's shift. */
  private dateAt(t: number): string {
    return dateIn(this.options.timeZone, new Date(t + this.shiftMs));
  }

  /** Keeps the log worked out ahead and the plans of today and tomorrow fresh, every second. */
  start(clock: () => number = Date.now): void {
    if (this.timer !== undefined) return;
    this.timer = setInterval(() => {
      const t = clock();
      const today = this.dateAt(t);
      this.extend(t).catch((error: unknown) => {
        this.report(error, 'working out the aired log');
      });
      this.plan(addDays(today, 1)).then(
        () => this.failing.delete('reading tomorrow'),
        (error: unknown) => {
          this.report(error, 'reading tomorrow');
        },
      );
    }, 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Reads the day plans again before their next use: after a schedule change, this node shows
   * it at once (still joining after what is listed). */
  forgetPlans(): void {
    for (const cached of this.plans.values()) cached.loadedAt = 0;
    // A reading begun before the change may hold the schedule as it was: the next use reads again.
    this.loading.clear();
    this.plansRead += 1;
    this.held.clear();
    for (const copy of this.copies) copy.held.clear();
  }

  /**
   * After a change of the schedule: forgets the plans and answers from when the change can air,
   * the frontier of the log (undefined before the channel was first aired by this node). Another
   * node that reads its plans later joins later still, at most its plans' lifetime.
   */
  scheduleChanged(): number | undefined {
    this.forgetPlans();
    return this.frontier;
  }

  /**
   * A day's plan, or undefined when the channel has no such day. When the database cannot be
   * read, the plan read last is used: the channel goes on airing from it.
   */
  async plan(date: string): Promise<DayPlan | undefined> {
    const copied = this.options.copyOf;
    if (copied !== undefined) {
      const plan = await copied.channel.plan(date);
      if (plan === undefined) return undefined;
      let moved = this.movedPlans.get(plan);
      if (moved === undefined) {
        moved = movedPlan(plan, -this.shiftMs);
        this.movedPlans.set(plan, moved);
      }
      return moved;
    }
    const cached = this.plans.get(date);
    if (cached !== undefined && Date.now() - cached.loadedAt < (this.options.planTtlMs ?? 3000)) return cached.plan;
    let loading = this.loading.get(date);
    if (loading === undefined) {
      const reading = this.makePlan(date).finally(() => {
        if (this.loading.get(date) === reading) this.loading.delete(date);
      });
      loading = reading;
      this.loading.set(date, loading);
    }
    const read = this.plansRead;
    try {
      // With a plan in hand, a slow database is not waited for: the channel airs from what it has.
      const plan = await (cached === undefined ? loading : within(loading, databaseWaitMs, `reading ${date}`));
      // Read before a change of the schedule: kept only as the plan to air from should the next reading fail.
      this.plans.set(date, { loadedAt: read === this.plansRead ? Date.now() : 0, plan });
      if (this.plans.size > 8) this.plans.delete(this.plans.keys().next().value as string);
      return plan;
    } catch (error) {
      if (cached === undefined) throw error;
      return cached.plan;
    }
  }

  private async makePlan(date: string): Promise<DayPlan | undefined> {
    await this.options.fillerReady?.catch(() => undefined);
    const schedule = await liveScheduleDay(this.options.db, this.channel, date);
    if (schedule === undefined) return undefined;
    const next = await liveScheduleDay(this.options.db, this.channel, addDays(date, 1));
    const filler = await this.filler();
    const long = await this.longFiller();
    const inputs = JSON.stringify([schedule, next?.day, next?.startsAt, filler.length, long?.segments.length]);
    const made = this.madeFrom.get(date);
    if (made?.inputs === inputs) return made.plan;
    const plan = await this.planFrom(schedule, next, filler, long);
    this.madeFrom.delete(date);
    this.madeFrom.set(date, { inputs, plan });
    if (this.madeFrom.size > 8) this.madeFrom.delete(this.madeFrom.keys().next().value as string);
    return plan;
  }

  /**
   * A day's plan from a schedule, stored or not: what the channel airs for it. The schedule
   * editor's timeline is this, for the day being edited.
   */
  async planOf(schedule: LiveScheduleDay): Promise<DayPlan> {
    const next = await liveScheduleDay(this.options.db, this.channel, addDays(schedule.day, 1));
    return this.planFrom(schedule, next, await this.filler(), await this.longFiller());
  }

  private async planFrom(
    schedule: LiveScheduleDay,
    next: LiveScheduleDay | undefined,
    filler: readonly Segment[],
    long: LongFiller | undefined,
  ): Promise<DayPlan> {
    const date = schedule.day;
    const items = await Promise.all(
      schedule.items.map(async (item) => ({
        id: item.id,
        fixedStart: item.startsAt,
        draft: item.draft,
        durationSeconds: item.durationSeconds,
        readyAt: item.mediaReadyAt?.getTime() ?? null,
        segments: item.mediaReadyAt === null ? [] : await this.segmentsOf(item.playlist),
      })),
    );
    const timeline = buildDayTimeline(
      { date, startsAt: schedule.startsAt, items },
      filler,
      this.options.timeZone,
      long,
    );
    const nextStart =
      next === undefined
        ? Number.POSITIVE_INFINITY
        : buildDayTimeline({ date: next.day, startsAt: next.startsAt, items: [] }, [], this.options.timeZone).start;
    return { schedule, items, timeline, end: Math.min(timeline.end, nextStart) };
  }

  /** Up to here the channel's air is decided: a change airs after it. Undefined before this
   * node first aired the channel. */
  decidedUntil(): number | undefined {
    return this.frontier;
  }

  private get layout() {
    return mediaLayouts[this.channel];
  }

  /** Where a media folder's playlist is read: the reference rung's, for the TV. */
  private readFolder(folder: string): string {
    const { rung } = this.layout;
    return rung === undefined ? folder : `${folder}/${rung.name}`;
  }

  /** How a media folder's segments are aired: with the rung left open, for the TV. */
  private airedFolder(folder: string): string {
    const { rung } = this.layout;
    return rung === undefined ? folder : `${folder}/${rung.slot}`;
  }

  /** The filler's segments (the TV's with the rung left open); empty until the filler is made. */
  private async filler(): Promise<Segment[]> {
    if (this.options.copyOf !== undefined) return this.options.copyOf.channel.filler();
    if (this.fillerSegments !== undefined) return this.fillerSegments;
    if (this.options.mediaDir === undefined) return [];
    const { filler } = this.layout;
    try {
      const text = await readFile(join(this.options.mediaDir, this.readFolder(filler), 'index.m3u8'), 'utf8');
      this.fillerSegments = parseMediaPlaylist(text, (uri) => `${mediaUrl(this.airedFolder(filler))}/${uri}`);
      return this.fillerSegments;
    } catch {
      return [];
    }
  }

  /** The filler's long segments, undefined without them (a filler made before they were). */
  private async longFiller(): Promise<LongFiller | undefined> {
    if (this.options.copyOf !== undefined) return this.options.copyOf.channel.longFiller();
    if (this.longFillerSegments !== undefined) return this.longFillerSegments;
    if (this.options.mediaDir === undefined) return undefined;
    const { filler } = this.layout;
    try {
      const text = await readFile(join(this.options.mediaDir, this.readFolder(filler), longFillerPlaylist), 'utf8');
      this.longFillerSegments = {
        segments: parseMediaPlaylist(text, (uri) => `${mediaUrl(this.airedFolder(filler))}/${uri}`),
        perLong: fillerPerLong,
      };
      return this.longFillerSegments;
    } catch {
      return undefined;
    }
  }

  /** The segments of an item's media from its playlist URL (`/media/v/<id>/master.m3u8`, `/media/r/<id>/index.m3u8`). */
  private segmentsOf(playlist: string): Promise<Segment[]> {
    const mediaDir = this.options.mediaDir;
    const path = mediaPathOf(playlist);
    if (mediaDir === undefined || path === undefined) return Promise.resolve([]);
    const folder = path.slice(0, path.lastIndexOf('/'));
    const cached = this.segmentLists.get(folder);
    if (cached !== undefined) return cached;
    // A demo item's playlist names shared segments elsewhere under /media/ (`../../../demo/…`).
    const read = this.readFolder(folder);
    const file = join(mediaDir, read, 'index.m3u8');
    const resolve = (uri: string) => resolveSegmentUri(mediaUrl(read), uri, this.layout.rung);
    // Media that cannot be read, or name segments outside /media/, air as no media.
    const segments = readFile(file, 'utf8')
      .then((text) => parseMediaPlaylist(text, resolve))
      .catch(() => []);
    this.segmentLists.set(folder, segments);
    return segments;
  }

  /** The channel's timeline over the days that can air between `from` and `until`, each day cut
   * where the next begins, a day's first segment always a change of source. */
  private async channelTimeline(from: number, until: number): Promise<ChannelEntry[]> {
    const dates: string[] = [];
    const last = this.dateAt(until);
    for (let date = addDays(this.dateAt(from), -1); date <= last; date = addDays(date, 1)) dates.push(date);
    const plans = await Promise.all(dates.map((date) => this.plan(date)));
    const known = this.merged;
    if (known?.plans.length === plans.length && known.plans.every((plan, i) => plan === plans[i])) {
      return known.entries;
    }
    const entries: ChannelEntry[] = [];
    for (const plan of plans) {
      if (plan === undefined) continue;
      const ids = plan.schedule.items.map((item) => item.id);
      plan.timeline.entries.forEach((entry, i) => {
        if (endOf(entry) > plan.end) return;
        entries.push({
          ...entry,
          discontinuity: i === 0 ? entries.length > 0 : entry.discontinuity,
          day: plan.schedule.day,
          itemId: entry.itemIndex === null ? null : (ids[entry.itemIndex] ?? null),
        });
      });
    }
    this.merged = { plans, entries };
    return entries;
  }

  /**
   * Works the log out to `aheadMs` past t when less than `refillShare` of that is left: from the
   * database under its lock, or, when the database is away, by this node alone.
   */
  extend(t: number): Promise<void> {
    if (this.frontier !== undefined && this.frontier >= t + this.aheadMs * refillShare) return Promise.resolve();
    this.extending ??= this.work(t).finally(() => {
      this.extending = undefined;
    });
    return this.extending;
  }

  private async work(t: number): Promise<void> {
    const until = t + this.aheadMs;
    // Nothing is ever added before t - backfillMs (see continueFrom).
    const timeline = await this.channelTimeline(t - this.backfillMs, until);
    const filler = await this.filler();
    const continueFrom = (last: AiredEntry | undefined, frontier: number) => {
      const cursor = Math.max(frontier, last === undefined ? 0 : endOf(last), t - this.backfillMs);
      if (cursor >= until) return { entries: [], frontier };
      const entries = continueAiring(last, cursor, timeline, until, filler);
      return { entries, frontier: frontierAfter(entries, until) };
    };
    // A node that has never read the log cannot air alone: it would start a log of its own.
    if (Date.now() >= this.databaseAwayUntil || this.frontier === undefined) {
      try {
        const local = this.log.slice(this.confirmed);
        const knownSequence = this.confirmed > 0 ? (this.log[this.confirmed - 1] as AiredEntry).sequence : undefined;
        const extension = extendAired(
          this.options.db,
          this.logName,
          knownSequence,
          t - this.keepMs,
          (added, stored) => {
            // What this node aired alone while the database was away goes in first, unless another
            // node wrote its own meanwhile (the same, from the same inputs).
            if (added.length === 0 && local.length > 0) {
              const after = continueFrom(local.at(-1), Math.max(stored, this.frontier ?? 0));
              return { entries: [...local, ...after.entries], frontier: after.frontier };
            }
            return continueFrom(added.at(-1) ?? this.log[this.confirmed - 1], stored);
          },
        );
        // Should a slow write land after all, its entries are the ones this node works out alone
        // meanwhile (the same inputs), and it reads them back at its next write. A node with
        // nothing in memory yet waits for the database (its own timeouts bound that).
        const result =
          this.frontier === undefined
            ? await extension
            : await within(extension, databaseWaitMs, 'writing the aired log');
        if (knownSequence === undefined) {
          this.log = result.entries;
          // Before its first entry the log says nothing (it began then): the schedule tells.
          this.heldFrom = Math.max(t - this.keepMs, this.log[0]?.start ?? t);
        } else {
          this.log = [...this.log.slice(0, this.confirmed), ...result.entries];
        }
        this.confirmed = this.log.length;
        this.frontier = result.frontier;
        this.trim(t);
        this.failing.clear();
        return;
      } catch (error) {
        this.databaseAwayUntil = Date.now() + retryDatabaseMs;
        this.report(error, 'writing the aired log (airing from memory meanwhile)');
        if (this.frontier === undefined) throw error;
      }
    }
    const added = continueFrom(this.log.at(-1), this.frontier);
    this.log.push(...added.entries);
    this.frontier = Math.max(this.frontier, added.frontier);
  }

  /** Keeps `keepMs` of the log behind t in memory (the confirmed part; what is only local stays). */
  private trim(t: number): void {
    let drop = 0;
    while (drop < this.confirmed - 1 && endOf(this.log[drop] as AiredEntry) < t - this.keepMs) drop += 1;
    if (drop === 0) return;
    this.log = this.log.slice(drop);
    this.confirmed -= drop;
    this.heldFrom = Math.max(this.heldFrom, t - this.keepMs);
  }

  /** Makes sure the log is known at t: waits only when it is not yet, else tops it up behind the scenes. */
  private async ensureAired(t: number): Promise<void> {
    for (let tries = 0; tries < 3 && (this.frontier === undefined || t >= this.frontier); tries += 1) {
      await this.extend(t);
    }
    this.extend(t).catch((error: unknown) => {
      this.report(error, 'working out the aired log');
    });
  }

  /** Tells of a failure once, until the same work succeeds again (an outage is one message). */
  private report(error: unknown, what: string): void {
    if (this.failing.has(what)) return;
    this.failing.add(what);
    this.options.onError?.(error, what);
  }

  /** The log's entry airing at t; null when nothing airs; undefined when the memory cannot say. */
  private airedAt(t: number): AiredEntry | null | undefined {
    if (this.frontier === undefined || t >= this.frontier || t < this.heldFrom) return undefined;
    const last = this.log[firstStartingAt(this.log, t + 1) - 1];
    return last === undefined || t >= endOf(last) ? null : last;
  }

  /** The day on air at t and what it airs, or undefined off air: as the log aired it where it is
   * known, else as the schedule has it. */
  async onAirAt(t: number): Promise<OnAirNow | undefined> {
    const entry = this.airedAt(t);
    if (entry === null) return undefined;
    const today = this.dateAt(t);
    const dates = new Set([today, addDays(today, -1)]);
    if (entry !== undefined && entry.itemId !== null) dates.add(entry.day);
    const plans = new Map<string, DayPlan | undefined>();
    for (const date of dates) plans.set(date, await this.plan(date));
    return onAirFrom(entry, t, today, (date) => plans.get(date));
  }

  /**
   * The programmes that air from `from` to `until`: each item's time on air, as `onAirAt` tells
   * it at every instant in between (the log where the node holds it, else the schedule), so a
   * guide made of them says at any instant what the live calls say. Gaps (the filler before a
   * fixed-time item, off the air) have none.
   */
  async programmes(from: number, until: number): Promise<AiredProgramme[]> {
    const plans = new Map<string, DayPlan | undefined>();
    const points = new Set<number>([from]);
    const within = (t: number): void => {
      if (t > from && t < until) points.add(t);
    };
    for (let date = addDays(this.dateAt(from), -1); date <= this.dateAt(until); date = addDays(date, 1)) {
      const plan = await this.plan(date);
      plans.set(date, plan);
      within(instantOf(this.options.timeZone, date, '00:00:00') - this.shiftMs);
      if (plan === undefined) continue;
      within(plan.timeline.start);
      within(plan.end);
      for (const slot of plan.timeline.aired) {
        within(slot.start);
        within(slot.end);
      }
    }
    within(this.heldFrom);
    if (this.frontier !== undefined) within(this.frontier);
    for (let i = Math.max(0, firstStartingAt(this.log, from) - 1); i < this.log.length; i += 1) {
      const entry = this.log[i] as AiredEntry;
      if (entry.start >= until) break;
      within(entry.start);
      within(endOf(entry));
    }
    const programmes: AiredProgramme[] = [];
    const sorted = [...points].sort((a, b) => a - b);
    for (let i = 0; i < sorted.length; i += 1) {
      // A long guide is made in slices, so the node's playlists do not wait for it.
      if (i % 2000 === 1999) await new Promise((resolve) => setImmediate(resolve));
      const t = sorted[i] as number;
      const entry = this.airedAt(t);
      const airing = entry === null ? undefined : airingAt(entry, t, this.dateAt(t), (date) => plans.get(date));
      const end = sorted[i + 1] ?? until;
      const last = programmes.at(-1);
      if (airing?.slot == null) continue;
      const { plan, slot } = airing;
      if (last !== undefined && last.end === t && last.plan === plan && last.itemIndex === slot.itemIndex)
        last.end = end;
      else programmes.push({ plan, itemIndex: slot.itemIndex, start: t, end });
    }
    return programmes;
  }

  /** The run state of the channel's day `date` at t. */
  async runState(date: string, t: number): Promise<RunState> {
    const today = this.dateAt(t);
    if (date > today) return { status: 0, index: 0 };
    const plan = await this.plan(date);
    if (plan === undefined) return { status: 0, index: 0 };
    const count = plan.schedule.items.length;
    if (t < plan.timeline.start) return { status: 0, index: 0 };
    const now = await this.onAirAt(t);
    const onAir = now?.plan.schedule.day === date ? now.onAir : undefined;
    if (onAir === undefined) {
      // Just after an edit the log may still air the day as it was, off the air up to its frontier
      // (at most `aheadMs`), while the schedule airs it now: the day is not over, its item joins.
      const joining = now === undefined && t < plan.end ? onAirAt(plan.timeline, t) : undefined;
      const next = joining === undefined ? undefined : (joining.itemIndex ?? joining.next[0]);
      if (next !== undefined) return { status: this.channel === 'tv' ? 1 : 4, index: next };
      return { status: this.channel === 'tv' ? 4 : 0, index: count };
    }
    const index = onAir.itemIndex ?? onAir.next[0] ?? count;
    if (this.channel === 'radio' && onAir.itemIndex === null) return { status: 4, index };
    return { status: 1, index };
  }

  /** A day with its run state at t. */
  async dayRun(heading: DayHeading, t: number): Promise<DayRun> {
    const { id, day, startsAt, finishedText } = heading;
    return { id, day, startsAt, finishedText, ...(await this.runState(day, t)) };
  }

  /** Whether the channel's day `date` is being shown at t (see `isShowing`). */
  async showing(date: string, t: number): Promise<boolean> {
    return isShowing(this.channel, await this.runState(date, t));
  }

  /** When each item of a day airs, by item id (ms): a fixed time, or where the timeline places an
   * item that follows the one before. An item that never airs has none. */
  async itemStarts(date: string): Promise<Map<number, number>> {
    const plan = await this.plan(date);
    const starts = new Map<number, number>();
    for (const slot of plan?.timeline.aired ?? []) {
      const item = plan?.schedule.items[slot.itemIndex];
      if (item !== undefined) starts.set(item.id, slot.start);
    }
    return starts;
  }

  /** Whether a video (TV) or radio has finished airing by t on any day that schedules it. */
  async hasAired(mediaId: number, t: number): Promise<boolean> {
    const now = this.dateAt(t);
    for (const day of (await scheduledDays(this.options.db, this.channel, mediaId, now)).reverse()) {
      const plan = await this.plan(day);
      if (plan === undefined) continue;
      const aired = plan.timeline.aired.some(
        (slot) =>
          plan.schedule.items[slot.itemIndex]?.mediaId === mediaId &&
          slot.mediaFrom !== null &&
          slot.end <= Math.min(t, plan.end),
      );
      if (aired) return true;
    }
    return false;
  }

  /** The playlist `playlist` would answer at t, when it holds one for that instant: no work, no wait. */
  heldPlaylist(t: number, rung?: number): { answer: LivePlaylistAnswer | undefined } | undefined {
    const held = this.held.get(String(rung ?? referenceRung));
    return held !== undefined && t >= held.from && t < held.until ? held : undefined;
  }

  /**
   * The live media playlist at t (a TV rung's, or the radio's), or undefined off air. For a while
   * after the channel stops airing, its last window is answered closed with EXT-X-ENDLIST. An
   * answer is held until it can change, so a request in between costs a lookup.
   */
  async playlist(t: number, rung?: number): Promise<LivePlaylistAnswer | undefined> {
    const slot = String(rung ?? referenceRung);
    const held = this.held.get(slot);
    if (held !== undefined && t >= held.from && t < held.until) return held.answer;
    await this.ensureAired(t);
    const frontier = this.frontier ?? t;
    const window = t < this.heldFrom ? undefined : liveWindow(this.log, t);
    const first = window?.entries[0];
    const last = window?.entries.at(-1);
    if (window === undefined || first === undefined || last === undefined) {
      this.held.set(slot, { from: t, until: Math.min(t + 1000, frontier), answer: undefined });
      return undefined;
    }
    const answer = rendered(
      this.rendered,
      64,
      `${first.sequence}|${last.sequence}|${slot}|${window.ended}`,
      window,
      slot,
    );
    this.held.set(slot, { from: t, until: Math.min(window.until, frontier), answer });
    return answer;
  }

  /** Why the channel cannot be rewound to `from` (up to `until`) at t, or undefined when it can. */
  rewindProblem(t: number, from: number, until: number | undefined): RewindProblem | undefined {
    if (from > t) return { status: 400, detail: 'The start is later than now: the channel has not aired it yet.' };
    if (until !== undefined && until <= from) return { status: 400, detail: 'The end must be later than the start.' };
    const oldest = t - this.rewindMs;
    if (from >= oldest) return undefined;
    return {
      status: 410,
      detail: `The channel can be rewound ${String(this.rewindMs / 3_600_000)} h: from ${new Date(oldest).toISOString()} on.`,
    };
  }

  /**
   * The rewind form of the live playlist at t: the channel as it aired from `from` on (to `until`
   * if given), from the aired log, so every node writes the same bytes. It starts at the segment
   * airing at `from` and tells players to start at `from` itself; it grows like the live playlist
   * and closes once `until` has aired.
   */
  async rewind(
    t: number,
    from: number,
    until: number | undefined,
    rung?: number,
  ): Promise<LivePlaylistAnswer | RewindProblem> {
    await this.ensureAired(t);
    const problem = this.rewindProblem(t, from, until);
    if (problem !== undefined) return problem;
    const window = rewindWindow(this.log, from, until, t);
    const first = window?.entries[0];
    const last = window?.entries.at(-1);
    if (window === undefined || first === undefined || last === undefined) {
      return { status: 404, detail: 'Nothing aired on this channel in that time.' };
    }
    const slot = String(rung ?? referenceRung);
    const key = `${first.sequence}|${last.sequence}|${slot}|${window.closed}|${window.startOffset}`;
    return rendered(this.rewound, 32, key, window, slot);
  }
}
