// The one way a channel's day is written, whoever writes it (an editor in the studio, the
// operators' token): the same checks, the write, an audit entry of the day as stored before and
// after, and then the word to the live channel and to every node's cached answers.
import { programmeTables } from './programme-tables.ts';
import type { ChannelKind, ChannelRef } from '@efir/contract';
import type { Db } from '../db/database.ts';
import { HttpError, notFound } from '../lib/http-error.ts';
import { type Actor, recordChange } from '../repositories/audit.ts';
import {
  daySaved,
  deleteScheduleDay,
  replaceScheduleDay,
  ScheduleConflict,
  type ScheduleDayInput,
} from '../repositories/live.ts';
import { editorScheduleDay, scheduleMediaRows, scheduleSnapshot } from '../repositories/studio-schedule.ts';

/** How the editors' messages name a kind of channel's item and day. */
const kindWords: Record<ChannelKind, { one: string; day: string }> = {
  video: { one: 'видео', day: 'телепрограммы' },
  audio: { one: 'радио', day: 'радиопрограммы' },
};

const clockOf = (instant: Date, zone: string): string =>
  new Intl.DateTimeFormat('ru-RU', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    day: 'numeric',
    month: 'long',
  }).format(instant);

/** Refuses tickers on an audio channel, which has none. */
export function refuseRadioTickers(channel: ChannelRef, tickers: readonly unknown[] | undefined): void {
  if (!programmeTables[channel.kind].hasTickers && (tickers ?? []).length > 0)
    throw new HttpError(400, 'Бегущая строка есть только у ТВ.');
}

/** Refuses a day naming what the catalogue lacks, given what it has of the day's items. */
export function refuseMissingItems(
  channel: ChannelRef,
  ids: readonly number[],
  known: ReadonlyMap<number, unknown>,
): void {
  const missing = ids.find((id) => !known.has(id));
  if (missing !== undefined) {
    throw new HttpError(400, `В каталоге нет ${kindWords[channel.kind].one} № ${String(missing)}.`);
  }
}

/** Refuses a day the channel cannot air as written: a catalogue item it lacks, tickers on the
 * radio, a ticker given tied to a video the day does not air (it would never show). Tickers left
 * out are kept as the day has them, unchecked: a writer is not refused for what it did not send. */
async function check(db: Db, channel: ChannelRef, day: ScheduleDayInput): Promise<void> {
  refuseRadioTickers(channel, day.tickers);
  const ids = day.items.map((item) => item.mediaId);
  refuseMissingItems(channel, ids, await scheduleMediaRows(db, channel.kind, ids));
  const aired = new Set(ids);
  const stray = (day.tickers ?? []).find((entry) => entry.videoId !== null && !aired.has(entry.videoId));
  if (stray !== undefined) {
    throw new HttpError(400, `Бегущая строка «${stray.message}» привязана к видео, которого нет в этом дне.`);
  }
}

export interface ScheduleDays {
  /** The channel a call names by its slug; 404 when the site airs none by it. */
  channel(slug: string): ChannelRef;
  /** Writes a day over the revision `revision` (0: a day not yet written), or over any when
   * undefined; answers its id and from when the change airs. */
  save(
    actor: Actor,
    channel: ChannelRef,
    date: string,
    day: ScheduleDayInput,
    revision?: number,
  ): Promise<{ id: number; airsFrom: number | undefined }>;
  /** Removes a day; 404 when there is none. */
  remove(actor: Actor, channel: ChannelRef, date: string): Promise<{ airsFrom: number | undefined }>;
  /** Moves the item at `from.place` of a day to `to.place` of another day or the same (after the
   * last item when past it), each day over its revision; the item is placed by order, without a
   * fixed start. One transaction: both days are written, or neither. */
  move(actor: Actor, channel: ChannelRef, from: DayPlace, to: DayPlace): Promise<{ airsFrom: number | undefined }>;
  /** Writes the day `date` on each of `dates`, over a day there only when `replace`. */
  copy(
    actor: Actor,
    channel: ChannelRef,
    date: string,
    dates: readonly string[],
    replace: boolean,
  ): Promise<{ written: string[]; kept: string[] }>;
}

/** A place in a day as the editor saw it: the day's revision then, and the item's index. */
export interface DayPlace {
  date: string;
  place: number;
  revision: number;
}

/** A stored day as a day to write. */
function inputOf(day: NonNullable<Awaited<ReturnType<typeof editorScheduleDay>>>): ScheduleDayInput {
  return {
    startsAt: day.startsAt,
    finishedText: day.finishedText,
    items: day.items,
    tickers: day.tickers.map(({ duration, ...entry }) => ({ ...entry, durationSeconds: duration })),
  };
}

export interface ScheduleDaysOptions {
  db: Db;
  /** The zone of the schedules, in which a conflict names the other save's time. */
  timeZone: string;
  /** The channel the site airs by this slug. */
  channels: (slug: string) => ChannelRef | undefined;
  /** The channel's schedule changed, by `actor`: answers from when the change airs, if it is being aired. */
  changed: (channel: ChannelRef, actor: Actor) => Promise<number | undefined>;
}

export function scheduleDays({ db, timeZone, channels, changed }: ScheduleDaysOptions): ScheduleDays {
  /** Writes a checked day in the transaction `tx` and audits it with the day before and after. */
  async function writeAudited(
    tx: Db,
    actor: Actor,
    channel: ChannelRef,
    date: string,
    day: ScheduleDayInput,
    revision: number | undefined,
  ): Promise<number> {
    const before = await scheduleSnapshot(tx, channel, date);
    const written = await replaceScheduleDay(tx, channel, date, day, {
      by: actor.name,
      request: actor.requestId,
      ...(revision === undefined ? {} : { revision }),
    });
    // An item removed from the catalogue since the check.
    if (written === undefined)
      throw new HttpError(400, `В дне есть ${kindWords[channel.kind].one}, которого нет в каталоге.`);
    await recordChange(tx, actor, {
      action: 'schedule.write',
      entity: `schedule-${channel.slug}`,
      entityId: written,
      before,
      after: await scheduleSnapshot(tx, channel, date),
    });
    return written;
  }

  /** A save refused for another's, in the editors' words; anything else as it is. */
  function refusal(error: unknown, channel: ChannelRef, date: string): unknown {
    if (!(error instanceof ScheduleConflict)) return error;
    const current = error.current;
    return new HttpError(
      409,
      current === undefined
        ? `День ${date} ${kindWords[channel.kind].day} удалили, пока вы его правили. Ваши изменения не записаны.`
        : `День ${date} ${kindWords[channel.kind].day} уже сохранил(а) ${current.savedBy ?? 'кто-то'}` +
            `${current.savedAt === null ? '' : ` (${clockOf(current.savedAt, timeZone)})`}, пока вы его правили. ` +
            'Ваши изменения не записаны: откройте сохранённую версию или запишите свою поверх неё.',
    );
  }

  return {
    channel(slug) {
      const found = channels(slug);
      if (found === undefined) throw notFound(`Канала «${slug}» нет.`);
      return found;
    },

    async save(actor, channel, date, day, revision) {
      await check(db, channel, day);
      let id: number;
      try {
        id = await db.transaction((tx) => writeAudited(tx, actor, channel, date, day, revision));
      } catch (error) {
        throw refusal(error, channel, date);
      }
      return { id, airsFrom: await changed(channel, actor) };
    },

    async move(actor, channel, from, to) {
      /** The day at `at`, checked to be at the revision the editor saw. */
      const read = async (tx: Db, at: DayPlace) => {
        const day = await editorScheduleDay(tx, channel, at.date);
        if ((day?.revision ?? 0) !== at.revision) throw new ScheduleConflict(await daySaved(tx, channel, at.date));
        return day;
      };
      let failedOn = from.date;
      try {
        await db.transaction(async (tx) => {
          const source = await read(tx, from);
          const item = source?.items[from.place];
          if (source === undefined || item === undefined)
            throw new HttpError(400, `В дне ${from.date} нет передачи на месте ${String(from.place + 1)}.`);
          const moved = { ...item, startsAt: null };
          const rest = source.items.filter((_, index) => index !== from.place);
          if (from.date === to.date) {
            // Counted in the day as it was: a later place is one less once the item has left.
            const place = Math.min(rest.length, to.place > from.place ? to.place - 1 : to.place);
            const day = { ...inputOf(source), items: [...rest.slice(0, place), moved, ...rest.slice(place)] };
            await check(tx, channel, day);
            await writeAudited(tx, actor, channel, from.date, day, from.revision);
            return;
          }
          const left = { ...inputOf(source), items: rest };
          await check(tx, channel, left);
          await writeAudited(tx, actor, channel, from.date, left, from.revision);
          failedOn = to.date;
          const target = await read(tx, to);
          // A day not yet in the schedule begins as the day the item came from does.
          const base = target === undefined ? { ...inputOf(source), items: [], tickers: [] } : inputOf(target);
          const place = Math.min(base.items.length, to.place);
          const day = { ...base, items: [...base.items.slice(0, place), moved, ...base.items.slice(place)] };
          await check(tx, channel, day);
          await writeAudited(tx, actor, channel, to.date, day, to.revision);
        });
      } catch (error) {
        throw refusal(error, channel, failedOn);
      }
      return { airsFrom: await changed(channel, actor) };
    },

    async remove(actor, channel, date) {
      await db.transaction(async (tx) => {
        const before = await scheduleSnapshot(tx, channel, date);
        if (!(await deleteScheduleDay(tx, channel, date))) {
          throw notFound(`Дня ${date} ${kindWords[channel.kind].day} нет.`);
        }
        await recordChange(tx, actor, {
          action: 'schedule.delete',
          entity: `schedule-${channel.slug}`,
          before: { date, ...before },
        });
      });
      return { airsFrom: await changed(channel, actor) };
    },

    async copy(actor, channel, date, dates, replace) {
      const source = await editorScheduleDay(db, channel, date);
      if (source === undefined) throw notFound(`Дня ${date} нет: копировать нечего.`);
      const day = inputOf(source);
      const answer = await db.transaction(async (tx) => {
        const written: string[] = [];
        const kept: string[] = [];
        for (const target of dates) {
          if (target === date) continue;
          if (!replace && (await editorScheduleDay(tx, channel, target)) !== undefined) {
            kept.push(target);
            continue;
          }
          await replaceScheduleDay(tx, channel, target, day, { by: actor.name, request: actor.requestId });
          written.push(target);
        }
        await recordChange(tx, actor, {
          action: 'schedule.copy',
          entity: `schedule-${channel.slug}`,
          entityId: source.id,
          after: { from: date, written, kept, replace },
        });
        return { written, kept };
      });
      if (answer.written.length > 0) await changed(channel, actor);
      return answer;
    },
  };
}
