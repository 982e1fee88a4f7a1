// A live channel (TV or radio): its days as timelines, what is on air at an instant, and its live
// playlist. Everything is computed from the schedule, the media's segment lists and the clock;
// nothing is encoded at play time. Day plans are cached briefly (a schedule edit shows within
// seconds), segment lists for good (media never change once made), rendered playlists per window.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/database.ts';
import { addDays, dateIn } from '../lib/clock.ts';
import {
  type DayBase,
  type LiveChannelName,
  type LiveScheduleDay,
  liveScheduleDay,
  previousLiveDay,
  storeDayBase,
  storedDayBase,
} from '../repositories/live.ts';
import { type NumberedEntry, liveWindow, livePlaylist, numberEntries } from './live-playlist.ts';
import { parseMediaPlaylist } from './segment-list.ts';
import { buildDayTimeline, type DayTimeline, onAirAt, type OnAir, type Segment } from './timeline.ts';

/** The rung a TV segment URI leaves open; every rung has the same segments. */
const rungSlot = '{rung}';
/** The rung whose playlist gives a video's segment list. */
const referenceRung = 720;
/** After a day ends, its last window stays answerable, closed with EXT-X-ENDLIST, this long. */
export const endedGraceMs = 5 * 60_000;
/** The day before is carried into a day's first windows only when it ended this close to it. */
const contiguousMs = 60_000;

export interface DayPlan {
  schedule: LiveScheduleDay;
  timeline: DayTimeline;
  /** When the day's broadcast ends: its timeline's end, or the next day's start if that is sooner. */
  end: number;
}

export interface RunState {
  /** TV: 1 on air, 0 not begun, 4 over. Radio: 1 an item on air, 4 between items, 0 off air. */
  status: number;
  /** The position in the day's full list (ads included) of the item on air or next to air. */
  index: number;
}

export interface OnAirNow {
  plan: DayPlan;
  onAir: OnAir;
}

export interface LivePlaylistAnswer {
  text: string;
  /** The text as UTF-8, ready to send. */
  body: Buffer;
  /** The day is over: the playlist is closed with EXT-X-ENDLIST and will not change. */
  ended: boolean;
}

interface HeldAnswer {
  from: number;
  /** When the answer may change: the next segment's start, the day's end, or the plan's expiry. */
  until: number;
  answer: LivePlaylistAnswer | undefined;
}

export interface LiveChannelOptions {
  channel: LiveChannelName;
  db: Db;
  /** DATA_DIR/media; without it no item has segments and the filler is empty. */
  mediaDir: string | undefined;
  timeZone: string;
  /** How long a day plan is reused (ms). */
  planTtlMs?: number;
  /**
   * Settles once the filler exists (made in the background at a first start): day plans wait for
   * it, so no plan is ever laid out without the filler and then with it.
   */
  fillerReady?: Promise<unknown>;
}

interface CachedPlan {
  expires: number;
  plan: Promise<DayPlan | undefined>;
}

interface Numbered {
  timeline: DayTimeline;
  entries: NumberedEntry[];
  /** Which numbering of the day this is: a rewritten day keeps its sequence numbers for other
   * segments, so a rendered playlist is known by this, not by its numbers alone. */
  version: number;
}

export class LiveChannel {
  readonly channel: LiveChannelName;
  private readonly options: LiveChannelOptions;
  private readonly plans = new Map<string, CachedPlan>();
  private readonly segmentLists = new Map<string, Promise<Segment[]>>();
  private readonly bases = new Map<string, Promise<DayBase>>();
  private readonly numbered = new Map<string, Numbered>();
  private readonly rendered = new Map<string, LivePlaylistAnswer>();
  private readonly held = new Map<string, HeldAnswer>();
  private fillerSegments: Segment[] | undefined;
  private numberings = 0;

  constructor(options: LiveChannelOptions) {
    this.options = options;
    this.channel = options.channel;
  }

  /** Forgets the cached day plans and the answers held from them: after a schedule change, so
   * this node shows it at once. */
  forgetPlans(): void {
    this.plans.clear();
    this.held.clear();
  }

  /** A day's plan, or undefined when the channel has no such day. */
  plan(date: string, now = Date.now()): Promise<DayPlan | undefined> {
    const cached = this.plans.get(date);
    if (cached !== undefined && cached.expires > now) return cached.plan;
    const plan = this.makePlan(date);
    this.plans.set(date, { expires: now + (this.options.planTtlMs ?? 5000), plan });
    if (this.plans.size > 16) this.plans.delete(this.plans.keys().next().value as string);
    plan.catch(() => this.plans.delete(date));
    return plan;
  }

  private async makePlan(date: string): Promise<DayPlan | undefined> {
    await this.options.fillerReady?.catch(() => undefined);
    const schedule = await liveScheduleDay(this.options.db, this.channel, date);
    if (schedule === undefined) return undefined;
    const filler = await this.filler();
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
    const timeline = buildDayTimeline({ date, startsAt: schedule.startsAt, items }, filler, this.options.timeZone);
    const next = await liveScheduleDay(this.options.db, this.channel, addDays(date, 1));
    const nextStart =
      next === undefined
        ? Number.POSITIVE_INFINITY
        : buildDayTimeline({ date: next.day, startsAt: next.startsAt, items: [] }, [], this.options.timeZone).start;
    return { schedule, timeline, end: Math.min(timeline.end, nextStart) };
  }

  /** The filler's segments (the TV's with the rung left open); empty until the filler is made. */
  private async filler(): Promise<Segment[]> {
    if (this.fillerSegments !== undefined) return this.fillerSegments;
    if (this.options.mediaDir === undefined) return [];
    const path = this.channel === 'tv' ? `filler/tv/${referenceRung}/index.m3u8` : 'filler/radio/index.m3u8';
    const base = this.channel === 'tv' ? `/media/filler/tv/${rungSlot}` : '/media/filler/radio';
    try {
      const text = await readFile(join(this.options.mediaDir, path), 'utf8');
      this.fillerSegments = parseMediaPlaylist(text, (uri) => `${base}/${uri}`);
      return this.fillerSegments;
    } catch {
      return [];
    }
  }

  /** The segments of an item's media from its playlist URL (`/media/v/<id>/master.m3u8`, `/media/r/<id>/index.m3u8`). */
  private segmentsOf(playlist: string): Promise<Segment[]> {
    const mediaDir = this.options.mediaDir;
    if (mediaDir === undefined || !playlist.startsWith('/media/')) return Promise.resolve([]);
    const folder = playlist.slice('/media/'.length, playlist.lastIndexOf('/'));
    const cached = this.segmentLists.get(folder);
    if (cached !== undefined) return cached;
    const [file, base] =
      this.channel === 'tv'
        ? [join(mediaDir, folder, String(referenceRung), 'index.m3u8'), `/media/${folder}/${rungSlot}`]
        : [join(mediaDir, folder, 'index.m3u8'), `/media/${folder}`];
    const segments = readFile(file, 'utf8').then(
      (text) => parseMediaPlaylist(text, (uri) => `${base}/${uri}`),
      () => [],
    );
    this.segmentLists.set(folder, segments);
    return segments;
  }

  /** The day on air at t and what it airs, or undefined off air. */
  async onAirAt(t: number): Promise<OnAirNow | undefined> {
    const today = dateIn(this.options.timeZone, new Date(t));
    for (const date of [today, addDays(today, -1)]) {
      const plan = await this.plan(date, t);
      if (plan === undefined || t < plan.timeline.start || t >= plan.end) continue;
      const onAir = onAirAt(plan.timeline, t);
      if (onAir !== undefined) return { plan, onAir };
    }
    return undefined;
  }

  /** The run state of the channel's day `date` at t. */
  async runState(date: string, t: number): Promise<RunState> {
    const today = dateIn(this.options.timeZone, new Date(t));
    if (date > today) return { status: 0, index: 0 };
    const plan = await this.plan(date, t);
    if (plan === undefined) return { status: 0, index: 0 };
    const count = plan.schedule.items.length;
    if (t < plan.timeline.start) return { status: 0, index: 0 };
    const onAir = t < plan.end ? onAirAt(plan.timeline, t) : undefined;
    if (onAir === undefined) return { status: this.channel === 'tv' ? 4 : 0, index: count };
    const index = onAir.itemIndex ?? onAir.next[0] ?? count;
    if (this.channel === 'radio' && onAir.itemIndex === null) return { status: 4, index };
    return { status: 1, index };
  }

  /** The numbering base of a day: where the channel stands before its first segment. */
  private dayBase(date: string, t: number): Promise<DayBase> {
    const cached = this.bases.get(date);
    if (cached !== undefined) return cached;
    const base = this.computeDayBase(date, t);
    this.bases.set(date, base);
    base.catch(() => this.bases.delete(date));
    return base;
  }

  private async computeDayBase(date: string, t: number): Promise<DayBase> {
    const db = this.options.db;
    const stored = await storedDayBase(db, this.channel, date);
    if (stored !== undefined) return stored;
    const previous = await previousLiveDay(db, this.channel, date);
    if (previous === undefined) return storeDayBase(db, this.channel, date, { sequence: 0, discontinuitySequence: 0 });
    const before = await this.numberedDay(previous, t);
    const last = before?.entries.at(-1);
    const base = await this.dayBase(previous, t);
    return storeDayBase(db, this.channel, date, {
      sequence: last?.sequence ?? base.sequence,
      discontinuitySequence: last?.discontinuitySequence ?? base.discontinuitySequence,
    });
  }

  /** A day's segments as aired (cut where the next day starts), numbered from the day's base. */
  private async numberedDay(date: string, t: number): Promise<Numbered | undefined> {
    const plan = await this.plan(date, t);
    if (plan === undefined) return undefined;
    const known = this.numbered.get(date);
    if (known?.timeline === plan.timeline) return known;
    const base = await this.dayBase(date, t);
    const aired = plan.timeline.entries.filter((entry) => entry.start + Math.round(entry.duration * 1000) <= plan.end);
    // The first segment of a day is a change of source whenever anything aired before it.
    const marked = aired.map((entry, i) => (i === 0 ? { ...entry, discontinuity: base.sequence > 0 } : entry));
    this.numberings += 1;
    const numbered = { timeline: plan.timeline, entries: numberEntries(marked, base), version: this.numberings };
    this.numbered.set(date, numbered);
    if (this.numbered.size > 8) this.numbered.delete(this.numbered.keys().next().value as string);
    return numbered;
  }

  /**
   * The live media playlist at t (a TV rung's, or the radio's), or undefined off air. For a while
   * after a day ends, its last window is answered closed with EXT-X-ENDLIST. An answer is held
   * until it can change (the next segment's start), so a request in between costs a lookup.
   */
  async playlist(t: number, rung?: number): Promise<LivePlaylistAnswer | undefined> {
    const slot = String(rung ?? referenceRung);
    const held = this.held.get(slot);
    if (held !== undefined && t >= held.from && t < held.until) return held.answer;
    const { answer, until } = await this.computePlaylist(t, slot);
    this.held.set(slot, { from: t, until: Math.min(until, t + (this.options.planTtlMs ?? 5000)), answer });
    return answer;
  }

  private async computePlaylist(
    t: number,
    slot: string,
  ): Promise<{ answer: LivePlaylistAnswer | undefined; until: number }> {
    const today = dateIn(this.options.timeZone, new Date(t));
    for (const date of [today, addDays(today, -1)]) {
      const plan = await this.plan(date, t);
      if (plan === undefined || t < plan.timeline.start || t >= plan.end + endedGraceMs) continue;
      const day = await this.numberedDay(date, t);
      if (day === undefined || day.entries.length === 0) continue;
      const ended = t >= plan.end;
      const at = ended ? plan.end - 1 : t;
      let window = liveWindow(day.entries, at);
      if (window.length === 0) continue;
      if (window[0] === day.entries[0]) {
        const tail = await this.carriedTail(date, plan, t);
        if (tail.length > 0) window = liveWindow([...tail, ...window], at);
      }
      const first = window[0] as NumberedEntry;
      const last = window.at(-1) as NumberedEntry;
      const key = `${date}|${day.version}|${first.sequence}|${last.sequence}|${slot}|${ended}`;
      let answer = this.rendered.get(key);
      if (answer === undefined) {
        let text = livePlaylist(window, (uri) => uri.replace(rungSlot, slot));
        if (ended) text += '#EXT-X-ENDLIST\n';
        answer = { text, body: Buffer.from(text), ended };
        this.rendered.set(key, answer);
        if (this.rendered.size > 64) this.rendered.delete(this.rendered.keys().next().value as string);
      }
      const next = day.entries[day.entries.indexOf(last) + 1]?.start ?? plan.end;
      return { answer, until: ended ? plan.end + endedGraceMs : next };
    }
    return { answer: undefined, until: t + 1000 };
  }

  /** The last segments of the day before, when it ran right up to this one. */
  private async carriedTail(date: string, plan: DayPlan, t: number): Promise<NumberedEntry[]> {
    const previousDate = addDays(date, -1);
    const previousPlan = await this.plan(previousDate, t);
    if (previousPlan === undefined || previousPlan.end < plan.timeline.start - contiguousMs) return [];
    const previous = await this.numberedDay(previousDate, t);
    return previous?.entries.slice(-8) ?? [];
  }
}
