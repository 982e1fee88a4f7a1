// The schedule editor's calls: a channel's day with the timeline the channel would air for it,
// the same for a day being edited (before it is saved), saving over the revision the editor
// opened, copying a day to a range of days, the week at a glance, and what airs now.
import {
  addDays,
  type ChannelRef,
  kindDescriptions,
  scheduleDraftSchema,
  scheduleLimits,
  scheduleCopyDates,
  type ScheduleMedia,
  type ScheduleTimeline,
  type StudioAnswer,
  type StudioScheduleDay,
  type studioCalls,
} from '@efir/contract';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { outlineDay } from '../../live/day-outline.ts';
import type { DayPlan, LiveChannel } from '../../live/live-channel.ts';
import { entityChanges } from '../../repositories/audit.ts';
import { daySaved, type LiveScheduleDay } from '../../repositories/live.ts';
import { latestJobs, mediaStateOf } from '../../repositories/studio-catalogue.ts';
import { noAudience } from '../../audience/audience.ts';
import { onAirNow } from '../../channels/on-air-now.ts';
import {
  type EditorDay,
  editorScheduleDay,
  type ScheduleMediaRow,
  scheduleMediaRows,
} from '../../repositories/studio-schedule.ts';
import { airingDraft } from '../../schedule/airing-draft.ts';
import { refuseMissingItems, refuseRadioTickers } from '../../schedule/schedule-days.ts';
import { actorOf } from '../access.ts';
import type { StudioContext } from '../context.ts';
import { studioRoute } from '../route.ts';

type Draft = z.output<typeof studioCalls.schedulePreview.body>;

/** How far from now the desk may ask what airs. */
const onAirReach = 3600 * 1000;

/** A day as the audit keeps a save of it (`scheduleSnapshot`). */
const snapshotSchema = scheduleDraftSchema.extend({ revision: z.number().int() });

/** The items of a day with what the catalogue knows of each; refuses a day naming nothing. */
async function mediaOf(
  db: Db,
  channel: ChannelRef,
  ids: readonly number[],
): Promise<{ rows: Map<number, ScheduleMediaRow>; views: Map<number, ScheduleMedia> }> {
  const rows = await scheduleMediaRows(db, channel.kind, ids);
  refuseMissingItems(channel, ids, rows);
  const jobs = await latestJobs(db, kindDescriptions[channel.kind].catalogue, [...rows.keys()]);
  const views = new Map(
    [...rows.values()].map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        durationSeconds: row.durationSeconds,
        media: mediaStateOf(row.playlist, jobs.get(row.id)),
        draft: row.draft,
        preview: row.preview,
      },
    ]),
  );
  return { rows, views };
}

/** The day as the live channel reads it. */
function asLiveDay(date: string, draft: Draft, rows: Map<number, ScheduleMediaRow>, channel: ChannelRef) {
  return {
    id: 0,
    day: date,
    startsAt: draft.startsAt,
    finishedText: draft.finishedText,
    items: draft.items.map((item, index) => {
      const media = rows.get(item.id) as ScheduleMediaRow;
      return {
        id: -1 - index,
        mediaId: item.id,
        startsAt: item.startsAt,
        isAd: item.isAd,
        draft: airingDraft(channel.kind, media.draft, item.draft),
        durationSeconds: media.durationSeconds,
        playlist: media.playlist,
        mediaReadyAt: media.mediaReadyAt,
      };
    }),
  } satisfies LiveScheduleDay;
}

function timelineOf(plan: DayPlan, live: LiveChannel, zone: string): ScheduleTimeline {
  const decided = live.decidedUntil();
  const onAir = decided !== undefined && decided >= plan.timeline.start ? decided : undefined;
  return { zone, ...outlineDay(plan.timeline, plan.items, plan.end, onAir) };
}

function draftOf(day: EditorDay | undefined): Draft {
  return {
    startsAt: day?.startsAt ?? '00:00:00',
    finishedText: day?.finishedText ?? '',
    items: (day?.items ?? []).map((item) => ({
      id: item.mediaId,
      startsAt: item.startsAt,
      isAd: item.isAd,
      draft: item.draft as 0 | 1 | 2,
    })),
    tickers: day?.tickers ?? [],
  };
}

function toInput(draft: Draft) {
  return {
    startsAt: draft.startsAt,
    finishedText: draft.finishedText,
    items: draft.items.map((item) => ({
      mediaId: item.id,
      startsAt: item.startsAt,
      isAd: item.isAd,
      draft: item.draft,
    })),
    tickers: draft.tickers.map((entry) => ({
      videoId: entry.videoId,
      message: entry.message,
      startsAt: entry.startsAt,
      durationSeconds: entry.duration,
      speed: entry.speed,
    })),
  };
}

type WeekDay = StudioAnswer<'scheduleWeek'>['days'][number];

/** A stored day at a glance: its coverage of the clock, its slate, what lacks media or is cut. */
async function weekDay(db: Db, live: LiveChannel, channel: ChannelRef, date: string): Promise<WeekDay> {
  const [plan, saved] = await Promise.all([live.plan(date), daySaved(db, channel, date)]);
  const empty = {
    date,
    revision: 0,
    items: 0,
    start: null,
    end: null,
    airedSeconds: 0,
    gapSeconds: 0,
    missing: 0,
    cut: 0,
  };
  if (plan === undefined) return { ...empty, spans: [], programmes: [] };
  const outline = outlineDay(plan.timeline, plan.items, plan.end, undefined);
  const spans: WeekDay['spans'] = [];
  const add = (span: WeekDay['spans'][number]): void => {
    const last = spans.at(-1);
    if (last?.kind === span.kind && last.end === span.start) last.end = span.end;
    else if (span.end > span.start) spans.push(span);
  };
  let gapIndex = 0;
  for (const row of outline.rows) {
    if (!row.airs || row.start === null || row.end === null) continue;
    while (gapIndex < outline.gaps.length && (outline.gaps[gapIndex]?.start ?? 0) < row.start) {
      add({ ...(outline.gaps[gapIndex] as { start: number; end: number }), kind: 'gap' });
      gapIndex += 1;
    }
    const kind = row.media === 'missing' ? 'missing' : plan.schedule.items[row.index]?.isAd === true ? 'ad' : 'item';
    add({ start: row.start, end: row.end, kind });
  }
  const airing = outline.rows.filter((row) => row.airs);
  const names = await scheduleMediaRows(
    db,
    channel.kind,
    plan.schedule.items.map((item) => item.mediaId),
  );
  return {
    date,
    revision: saved?.revision ?? 0,
    items: plan.schedule.items.length,
    start: outline.start,
    end: outline.end,
    airedSeconds: airing.reduce((sum, row) => sum + ((row.end ?? 0) - (row.start ?? 0)) / 1000, 0),
    gapSeconds: outline.gaps.reduce((sum, gap) => sum + (gap.end - gap.start) / 1000, 0),
    missing: airing.filter((row) => row.media === 'missing').length,
    cut: outline.rows.filter((row) => row.cutSeconds > 0 || row.why === 'pushed-out').length,
    spans,
    programmes: airing.flatMap((row) =>
      row.start === null || row.end === null
        ? []
        : [
            {
              place: row.index,
              name: names.get(plan.schedule.items[row.index]?.mediaId ?? 0)?.name ?? '—',
              start: row.start,
              end: row.end,
            },
          ],
    ),
  };
}

export const scheduleRoutes: FastifyPluginCallbackZod<StudioContext & { timeZone: string }> = (app, context, done) => {
  const { db, live, timeZone, schedule } = context;
  /** The live channel a call names by its slug; 404 when the site airs none by it. */
  const liveOf = (slug: string): LiveChannel => {
    const aired = live.find(schedule.channel(slug).slug);
    if (aired === undefined) throw notFound(`Канала «${slug}» нет.`);
    return aired.live;
  };

  /** A day with its timeline, as the editor opens it. */
  async function editorView(slug: string, date: string): Promise<StudioAnswer<'scheduleDay'>> {
    const channelLive = liveOf(slug);
    const { channel } = channelLive;
    const stored = await editorScheduleDay(db, channel, date);
    const draft = draftOf(stored);
    const { rows, views } = await mediaOf(
      db,
      channel,
      draft.items.map((item) => item.id),
    );
    const plan = await channelLive.planOf(asLiveDay(date, draft, rows, channel));
    const day: StudioScheduleDay = {
      channel: channel.slug,
      date,
      revision: stored?.revision ?? 0,
      savedBy: stored?.savedBy ?? null,
      savedAt: stored?.savedAt?.toISOString() ?? null,
      startsAt: draft.startsAt,
      finishedText: draft.finishedText,
      items: draft.items.map((item) => ({ ...item, media: views.get(item.id) as ScheduleMedia })),
      tickers: draft.tickers,
    };
    return { day, timeline: timelineOf(plan, channelLive, timeZone) };
  }

  app.route({
    ...studioRoute('scheduleDay'),
    handler: async (request) => editorView(request.params.channel, request.params.date),
  });

  /** The saves of a stored day as the audit kept them, each with the snapshot it made. */
  async function versionsOf(slug: string, date: string) {
    const { channel } = liveOf(slug);
    const stored = await editorScheduleDay(db, channel, date);
    if (stored === undefined) return [];
    const rows = await entityChanges(
      db,
      { entity: `schedule-${channel.slug}`, entityId: stored.id, action: 'schedule.write' },
      scheduleLimits.versions,
    );
    return rows.flatMap((row) => {
      const snapshot = snapshotSchema.safeParse(row.after);
      return snapshot.success ? [{ row, snapshot: snapshot.data }] : [];
    });
  }

  app.route({
    ...studioRoute('scheduleVersions'),
    handler: async (request) =>
      (await versionsOf(request.params.channel, request.params.date)).map(({ row, snapshot }) => ({
        entry: row.id,
        revision: snapshot.revision,
        savedBy: row.actor,
        savedAt: row.at.toISOString(),
        items: snapshot.items.length,
      })),
  });

  app.route({
    ...studioRoute('scheduleVersion'),
    handler: async (request) => {
      const { channel: slug, date, entry } = request.params;
      const found = (await versionsOf(slug, date)).find(({ row }) => row.id === entry);
      if (found === undefined) throw notFound(`У дня ${date} нет сохранённой версии № ${String(entry)}.`);
      const { channel } = liveOf(slug);
      const { row, snapshot } = found;
      const rows = await scheduleMediaRows(
        db,
        channel.kind,
        snapshot.items.map((item) => item.id),
      );
      const kept = snapshot.items.filter((item) => rows.has(item.id));
      const { views } = await mediaOf(
        db,
        channel,
        kept.map((item) => item.id),
      );
      const day: StudioScheduleDay = {
        channel: channel.slug,
        date,
        revision: snapshot.revision,
        savedBy: row.actor,
        savedAt: row.at.toISOString(),
        startsAt: snapshot.startsAt,
        finishedText: snapshot.finishedText,
        items: kept.map((item) => ({ ...item, media: views.get(item.id) as ScheduleMedia })),
        tickers: snapshot.tickers,
      };
      return { day, gone: snapshot.items.length - kept.length };
    },
  });

  app.route({
    ...studioRoute('schedulePreview'),
    handler: async (request) => {
      const { date } = request.params;
      const channelLive = liveOf(request.params.channel);
      const { channel } = channelLive;
      refuseRadioTickers(channel, request.body.tickers);
      const { rows } = await mediaOf(
        db,
        channel,
        request.body.items.map((item) => item.id),
      );
      const plan = await channelLive.planOf(asLiveDay(date, request.body, rows, channel));
      return timelineOf(plan, channelLive, timeZone);
    },
  });

  app.route({
    ...studioRoute('scheduleSave'),
    handler: async (request) => {
      const { date } = request.params;
      const { revision, ...draft } = request.body;
      await schedule.save(actorOf(request), schedule.channel(request.params.channel), date, toInput(draft), revision);
      return editorView(request.params.channel, date);
    },
  });

  app.route({
    ...studioRoute('scheduleCopy'),
    handler: async (request) => {
      const { date } = request.params;
      const channel = schedule.channel(request.params.channel);
      const targets = scheduleCopyDates(date, request.body);
      if ('problem' in targets) throw new HttpError(400, targets.problem);
      return schedule.copy(actorOf(request), channel, date, targets.dates, request.body.replace);
    },
  });

  app.route({
    ...studioRoute('scheduleMove'),
    handler: async (request) => {
      const channel = schedule.channel(request.params.channel);
      const { airsFrom } = await schedule.move(actorOf(request), channel, request.body.from, request.body.to);
      return { airsFrom: airsFrom ?? null };
    },
  });

  app.route({
    ...studioRoute('scheduleWeek'),
    handler: async (request) => {
      const { date } = request.params;
      const channelLive = liveOf(request.params.channel);
      const dates = Array.from({ length: scheduleLimits.weekDays }, (_, i) => addDays(date, i));
      const days = await Promise.all(dates.map((day) => weekDay(db, channelLive, channelLive.channel, day)));
      return { zone: timeZone, days };
    },
  });

  app.route({
    ...studioRoute('onAir'),
    handler: async (request) => {
      const now = context.clock().getTime();
      const asked = request.query.at;
      // A desk asks for its player's picture, a few seconds behind; farther is no desk's clock.
      if (asked !== undefined && Math.abs(asked - now) > onAirReach) {
        throw new HttpError(400, 'Момент эфира — не дальше часа от текущего.');
      }
      const [aired, audience] = await Promise.all([onAirNow(db, live, asked ?? now), context.audience.now()]);
      const channels = aired.map(({ channel, name, playlist, date, now, next }) => ({
        channel: channel.slug,
        name,
        kind: channel.kind,
        playlist,
        date,
        now,
        next: next.map(({ end: _end, ...item }) => item),
        audience: audience.get(channel.slug) ?? noAudience,
      }));
      return { zone: timeZone, mediaPort: context.mediaPort, channels };
    },
  });
  done();
};
