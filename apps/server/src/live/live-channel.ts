// A live channel (TV or radio): its days as timelines, the aired log that freezes what players may
// hold, what is on air at an instant, and its live and rewind playlists. Nothing is encoded at
// play time. It is made of parts, each with one job: the channel's media (channel-media.ts), its
// day plans from a schedule source (day-plans.ts), the log's tail in memory (aired-memory.ts);
// this file answers from them and keeps the rendered playlists.
import { type ChannelKind, type ChannelRef, formatShift, mainChannels, rewindDefaults } from '@efir/contract';
import type { Db } from '../db/database.ts';
import { addDays, dateIn, instantOf } from '../lib/clock.ts';
import type { LiveChannelName, LiveScheduleDay } from '../repositories/live.ts';
import { AiredMemory } from './aired-memory.ts';
import { type AiredEntry, type ChannelEntry, firstStartingAt } from './aired.ts';
import { FailureReports } from './background-work.ts';
import { ChannelMedia } from './channel-media.ts';
import { ChannelPlaylists } from './channel-playlists.ts';
import { DayPlans, type ScheduleSource, type ScheduleTaken } from './day-plans.ts';
import { type AiredProgramme, airingAt, type DayPlan, movedPlan, onAirFrom, type OnAirNow } from './on-air.ts';
import { endOf, onAirAt } from './timeline.ts';
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
export function isShowing(channel: LiveChannelName | ChannelRef, state: RunState): boolean {
  const kind = typeof channel === 'string' ? mainChannels[channel].kind : channel.kind;
  return runStatuses[kind].showing.includes(state.status);
}

/** The spec's run states by what a channel airs: a video channel's day is 1 on air (between its
 * items too), 0 not begun, 4 over; an audio channel's 1 while an item airs, 4 between items (and
 * while an edited day's item joins), 0 off the air. */
const runStatuses: Record<ChannelKind, { joining: number; over: number; between: number; showing: readonly number[] }> =
  {
    video: { joining: 1, over: 4, between: 1, showing: [1] },
    audio: { joining: 4, over: 0, between: 4, showing: [1, 4] },
  };

export interface LiveChannelOptions {
  /** The channel it airs: one of the main two by name, or any by its slug and kind. */
  channel: LiveChannelName | ChannelRef;
  /**
   * A regional copy: the channel it copies, and by how much its zone is ahead of the schedules'
   * (ms). The copy airs every item at the same wall-clock time there, from the same media, with an
   * aired log of its own; it reads its days from the channel's plans.
   */
  copyOf?: { channel: LiveChannel; shiftMs: number };
  /** How far back the channel can be rewound (ms); rewindDefaults.hours when unset. */
  rewindMs?: number;
  /** Where the aired log is kept. */
  db: Db;
  /** The channel's days as stored. */
  schedule: ScheduleSource;
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
  /** Told when the channel takes a save of one of its days up (its copies air it with it). */
  onScheduleTaken?: (channel: ChannelRef, save: ScheduleTaken) => void;
}

/** What a node keeps in memory of the log beyond the rewind window: a player rewound to its
 * oldest instant goes on playing that long before its playlist's start leaves the memory. */
const keptBeyondRewindMs = 30 * 60_000;

export class LiveChannel {
  readonly channel: ChannelRef;
  /** How far the channel's zone is ahead of the schedules' (ms): 0, or a regional copy's shift. */
  readonly shiftMs: number;
  /** The name its aired log is kept under: its slug (`tv`, `kino`), or a copy's `tv+4`. */
  readonly logName: string;
  readonly rewindMs: number;
  private readonly options: LiveChannelOptions;
  /** A copy's are its channel's. */
  private readonly media: ChannelMedia;
  /** Undefined for a copy, which reads its channel's plans moved by its shift. */
  private readonly days: DayPlans | undefined;
  private readonly aired: AiredMemory;
  private readonly reports: FailureReports;
  private readonly movedPlans = new WeakMap<DayPlan, DayPlan>();
  /** The regional copies of this channel, told when its schedule changes. */
  private readonly copies: LiveChannel[] = [];
  /** Its live and rewind playlists. */
  readonly playlists: ChannelPlaylists;
  private merged: { plans: (DayPlan | undefined)[]; entries: ChannelEntry[] } | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(options: LiveChannelOptions) {
    this.options = options;
    this.channel = typeof options.channel === 'string' ? mainChannels[options.channel] : options.channel;
    const copied = options.copyOf;
    this.shiftMs = copied?.shiftMs ?? 0;
    const { slug } = this.channel;
    this.logName = this.shiftMs === 0 ? slug : `${slug}${formatShift(this.shiftMs / 60_000)}`;
    this.rewindMs = options.rewindMs ?? rewindDefaults.hours * 3_600_000;
    this.reports = new FailureReports(options.onError);
    this.media = copied?.channel.media ?? new ChannelMedia(this.channel.kind, options.mediaDir);
    this.days =
      copied === undefined
        ? new DayPlans({
            schedule: options.schedule,
            media: this.media,
            timeZone: options.timeZone,
            ttlMs: options.planTtlMs ?? 3000,
            fillerReady: options.fillerReady,
            taken: (save) => options.onScheduleTaken?.(this.channel, save),
          })
        : undefined;
    this.aired = new AiredMemory({
      db: options.db,
      logName: this.logName,
      aheadMs: options.aheadMs ?? 10_000,
      backfillMs: this.rewindMs,
      keepMs: this.rewindMs + keptBeyondRewindMs,
      timeline: (from, until) => this.channelTimeline(from, until),
      filler: () => this.media.filler(),
      trims: () => this.media.trims(),
      reports: this.reports,
    });
    this.playlists = new ChannelPlaylists(this.aired, this.rewindMs, this.media);
    copied?.channel.copies.push(this);
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
        this.reports.report(error, 'working out the aired log');
      });
      this.plan(addDays(today, 1)).then(
        () => {
          this.reports.succeeded('reading tomorrow');
        },
        (error: unknown) => {
          this.reports.report(error, 'reading tomorrow');
        },
      );
    }, 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.aired.stop();
  }

  /** Reads the day plans again before their next use: after a schedule change, this node shows
   * it at once (still joining after what is listed). */
  forgetPlans(): void {
    this.days?.forget();
    this.playlists.forgetHeld();
    for (const copy of this.copies) copy.playlists.forgetHeld();
  }

  /**
   * After a change of the schedule: forgets the plans and answers from when the change can air,
   * the frontier of the log (undefined before the channel was first aired by this node). Another
   * node that reads its plans later joins later still, at most its plans' lifetime.
   */
  scheduleChanged(): number | undefined {
    this.forgetPlans();
    return this.aired.frontier;
  }

  /**
   * A day's plan, or undefined when the channel has no such day. When the database cannot be
   * read, the plan read last is used: the channel goes on airing from it.
   */
  async plan(date: string): Promise<DayPlan | undefined> {
    if (this.days !== undefined) return this.days.plan(date);
    const plan = await this.options.copyOf?.channel.plan(date);
    if (plan === undefined) return undefined;
    let moved = this.movedPlans.get(plan);
    if (moved === undefined) {
      moved = movedPlan(plan, -this.shiftMs);
      this.movedPlans.set(plan, moved);
    }
    return moved;
  }

  /**
   * A day's plan from a schedule, stored or not: what the channel airs for it. The schedule
   * editor's timeline is this, for the day being edited.
   */
  planOf(schedule: LiveScheduleDay): Promise<DayPlan> {
    const days = this.days ?? this.options.copyOf?.channel.days;
    if (days === undefined) throw new Error(`${this.logName}: no day plans`);
    return days.planOf(schedule);
  }

  /** The medium of a schedule item of a plan made lately: a copy's are its channel's. */
  private readonly mediumOf = (itemId: number): number | undefined =>
    (this.days ?? this.options.copyOf?.channel.days)?.mediumOf(itemId);

  /** Up to here the channel's air is decided: a change airs after it. Undefined before this
   * node first aired the channel. */
  decidedUntil(): number | undefined {
    return this.aired.frontier;
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

  /** Reads the older part of the aired log its first reading left (see AiredMemory.readOlder). */
  readOlderLog(): Promise<void> {
    return this.aired.readOlder();
  }

  /** Works the aired log out ahead of t (see AiredMemory.extend). */
  extend(t: number): Promise<void> {
    return this.aired.extend(t);
  }

  /** The day on air at t and what it airs, or undefined off air: as the log aired it where it is
   * known, else as the schedule has it. */
  async onAirAt(t: number): Promise<OnAirNow | undefined> {
    await this.aired.holding(t);
    const entry = this.aired.at(t);
    if (entry === null) return undefined;
    const today = this.dateAt(t);
    const dates = new Set([today, addDays(today, -1)]);
    if (entry !== undefined) dates.add(entry.day);
    const plans = new Map<string, DayPlan | undefined>();
    for (const date of dates) plans.set(date, await this.plan(date));
    return onAirFrom(entry, t, today, (date) => plans.get(date), this.mediumOf);
  }

  /**
   * The programmes that air from `from` to `until`: each item's time on air, as `onAirAt` tells
   * it at every instant in between (the log where the node holds it, else the schedule), so a
   * guide made of them says at any instant what the live calls say. Gaps (the filler before a
   * fixed-time item, off the air) have none.
   */
  async programmes(from: number, until: number): Promise<AiredProgramme[]> {
    await this.aired.holding(from);
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
    within(this.aired.heldFrom);
    if (this.aired.frontier !== undefined) within(this.aired.frontier);
    for (let i = Math.max(0, firstStartingAt(this.aired.entries, from) - 1); i < this.aired.entries.length; i += 1) {
      const entry = this.aired.entries[i] as AiredEntry;
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
      const entry = this.aired.at(t);
      const airing =
        entry === null ? undefined : airingAt(entry, t, this.dateAt(t), (date) => plans.get(date), this.mediumOf);
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
    const statuses = runStatuses[this.channel.kind];
    if (t < plan.timeline.start) return { status: 0, index: 0 };
    const now = await this.onAirAt(t);
    const onAir = now?.plan.schedule.day === date ? now.onAir : undefined;
    if (onAir === undefined) {
      // Just after an edit the log may still air the day as it was, off the air up to its frontier
      // (at most `aheadMs`), while the schedule airs it now: the day is not over, its item joins.
      const joining = now === undefined && t < plan.end ? onAirAt(plan.timeline, t) : undefined;
      const next = joining === undefined ? undefined : (joining.itemIndex ?? joining.next[0]);
      if (next !== undefined) return { status: statuses.joining, index: next };
      return { status: statuses.over, index: count };
    }
    const index = onAir.itemIndex ?? onAir.next[0] ?? count;
    return { status: onAir.itemIndex === null ? statuses.between : 1, index };
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
    for (const day of (await this.options.schedule.daysWith(mediaId, now)).reverse()) {
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
}
