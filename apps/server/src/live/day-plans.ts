// A channel's day plans: each stored day of its schedule laid out as the timeline it airs, read
// again every `ttlMs` in the background, the last good one kept when the database is away, and a
// day read again unchanged keeping its plan rather than laying out tens of thousands of segments.
import type { LiveScheduleDay, ScheduleSaved } from '../repositories/live.ts';
import { addDays } from '../lib/clock.ts';
import type { ChannelMedia } from './channel-media.ts';
import { databaseWaitMs, within } from './background-work.ts';
import type { DayPlan } from './on-air.ts';
import { buildDayTimeline, type LongFiller, type Segment } from './timeline.ts';

/** Where a channel's days come from: the schedule as stored. */
export interface ScheduleSource {
  /** The channel's day `date`, undefined when it has none. */
  day(date: string): Promise<LiveScheduleDay | undefined>;
  /** The days up to `until` whose schedule holds the medium `mediaId`, oldest first. */
  daysWith(mediaId: number, until: string): Promise<string[]>;
}

export interface DayPlansOptions {
  schedule: ScheduleSource;
  media: ChannelMedia;
  timeZone: string;
  /** How long a plan is used before it is read again (ms). */
  ttlMs: number;
  /** Settles once the filler exists: plans wait for it, so none is laid out without it and then with it. */
  fillerReady?: Promise<unknown>;
  /** Told when a day is read at a revision other than the one read before: a save taken up. */
  taken?: (save: ScheduleTaken) => void;
}

/** A save of a day this node's channel now airs from: which, by whom, in which request; revision
 * 0 is a day deleted (nobody and no request kept). */
export interface ScheduleTaken extends ScheduleSaved {
  date: string;
}

interface CachedPlan {
  /** Date.now() when it was read; 0 once forgotten. */
  loadedAt: number;
  plan: DayPlan | undefined;
}

/** How many days' plans are kept. */
const keptDays = 8;

/** How many schedule items' media are remembered: those of the plans this node made lately. */
const keptItems = 20_000;

/** The oldest of a map's entries forgotten once it holds more than `keptDays`. */
function keepRecent(map: Map<string, unknown>): void {
  if (map.size > keptDays) map.delete(map.keys().next().value as string);
}

export class DayPlans {
  private readonly options: DayPlansOptions;
  private readonly plans = new Map<string, CachedPlan>();
  /** The last plan made for a day and what it was made from. */
  private readonly madeFrom = new Map<string, { inputs: string; plan: DayPlan }>();
  private readonly loading = new Map<string, Promise<DayPlan | undefined>>();
  /** Days being read: a day read for its own plan and, at once, as the next day of the plan
   * before it is read once. */
  private readonly reading = new Map<string, Promise<LiveScheduleDay | undefined>>();
  /** Counts the changes of the schedule this node was told of: a plan read across one is stale. */
  private plansRead = 0;
  /** The medium of each schedule item of the plans made lately, by item id: a save writes the
   * items anew, and what the log airs under an old id is still that medium. */
  private readonly itemMedia = new Map<number, number>();
  /** The revision each day was read at last. */
  private readonly revisions = new Map<string, number>();

  constructor(options: DayPlansOptions) {
    this.options = options;
  }

  /** The medium (video or radio) of a schedule item of a plan made lately, if this node made one. */
  mediumOf(itemId: number): number | undefined {
    return this.itemMedia.get(itemId);
  }

  /** Reads every plan again before its next use (after a change of the schedule). */
  forget(): void {
    for (const cached of this.plans.values()) cached.loadedAt = 0;
    // A reading begun before the change may hold the schedule as it was: the next use reads again.
    this.loading.clear();
    this.reading.clear();
    this.plansRead += 1;
  }

  /**
   * A day's plan, or undefined when the channel has no such day. When the database cannot be
   * read, the plan read last is used: the channel goes on airing from it.
   */
  async plan(date: string): Promise<DayPlan | undefined> {
    const cached = this.plans.get(date);
    if (cached !== undefined && Date.now() - cached.loadedAt < this.options.ttlMs) return cached.plan;
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
      keepRecent(this.plans);
      return plan;
    } catch (error) {
      if (cached === undefined) throw error;
      return cached.plan;
    }
  }

  private async makePlan(date: string): Promise<DayPlan | undefined> {
    const { media } = this.options;
    await this.options.fillerReady?.catch(() => undefined);
    // The next day's start cuts this one: both are asked for at once.
    const [schedule, next] = await Promise.all([this.readDay(date), this.readDay(addDays(date, 1))]);
    this.noteRevision(date, schedule?.saved ?? { revision: 0, by: null, request: null });
    if (schedule === undefined) return undefined;
    const filler = await media.filler();
    const long = await media.longFiller();
    const trims = await media.trims();
    const inputs = JSON.stringify([
      schedule,
      next?.day,
      next?.startsAt,
      filler.length,
      long?.segments.length,
      trims.length,
    ]);
    const made = this.madeFrom.get(date);
    if (made?.inputs === inputs) return made.plan;
    const plan = await this.planFrom(schedule, next, filler, long, trims);
    for (const item of schedule.items) {
      this.itemMedia.delete(item.id);
      this.itemMedia.set(item.id, item.mediaId);
      if (this.itemMedia.size > keptItems) this.itemMedia.delete(this.itemMedia.keys().next().value as number);
    }
    this.madeFrom.delete(date);
    this.madeFrom.set(date, { inputs, plan });
    keepRecent(this.madeFrom);
    return plan;
  }

  private readDay(date: string): Promise<LiveScheduleDay | undefined> {
    let read = this.reading.get(date);
    if (read === undefined) {
      read = this.options.schedule.day(date).finally(() => this.reading.delete(date));
      this.reading.set(date, read);
    }
    return read;
  }

  /** Tells `taken` of a revision other than the one read before (a node's first reading is none). */
  private noteRevision(date: string, saved: ScheduleSaved): void {
    const known = this.revisions.get(date);
    if (known === saved.revision) return;
    this.revisions.delete(date);
    this.revisions.set(date, saved.revision);
    keepRecent(this.revisions);
    if (known !== undefined) this.options.taken?.({ date, ...saved });
  }

  /** A day's plan from a schedule, stored or not: what the channel airs for it. */
  async planOf(schedule: LiveScheduleDay): Promise<DayPlan> {
    const { media } = this.options;
    const next = await this.options.schedule.day(addDays(schedule.day, 1));
    return this.planFrom(schedule, next, await media.filler(), await media.longFiller(), await media.trims());
  }

  private async planFrom(
    schedule: LiveScheduleDay,
    next: LiveScheduleDay | undefined,
    filler: readonly Segment[],
    long: LongFiller | undefined,
    trims: readonly Segment[],
  ): Promise<DayPlan> {
    const { media, timeZone } = this.options;
    const date = schedule.day;
    const items = await Promise.all(
      schedule.items.map(async (item) => ({
        id: item.id,
        fixedStart: item.startsAt,
        draft: item.draft,
        durationSeconds: item.durationSeconds,
        readyAt: item.mediaReadyAt?.getTime() ?? null,
        segments: item.mediaReadyAt === null ? [] : await media.segmentsOf(item.playlist),
      })),
    );
    const timeline = buildDayTimeline({ date, startsAt: schedule.startsAt, items }, filler, timeZone, long, trims);
    const nextStart =
      next === undefined
        ? Number.POSITIVE_INFINITY
        : buildDayTimeline({ date: next.day, startsAt: next.startsAt, items: [] }, [], timeZone).start;
    return { schedule, items, timeline, end: Math.min(timeline.end, nextStart) };
  }
}
