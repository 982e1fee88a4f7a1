// What the day being edited would air, as the channel computes it: each item's start and end on
// the schedules' clock, the slate before it, what a fixed start cuts, media that are not there,
// the day's end, and, for the day on the air, from which moment a save airs. Beside the list its
// rows scroll on their own under its heading and summary, so they take the keyboard's focus too. On the day on the air a «now» line
// marks the instant the viewers see (their players' clock, not the wall's), and the timeline
// opens there rather than at the day's start. A gap of slate still to air can be filled from a
// category (fill-dialog.tsx).
import type { ScheduleTimeline } from '@efir/contract';
import { dateIn } from '@efir/contract';
import { Fragment, useLayoutEffect, useRef } from 'react';
import { clockAfter, clockFormat } from '../../lib/channels.ts';
import { formatDuration } from '../../lib/format.ts';
import type { Gap } from './fill-dialog.tsx';

const whyText: Record<ScheduleTimeline['rows'][number]['why'], string> = {
  airs: '',
  draft: 'не выйдет в эфир: отмечено «не в эфир» или скрыто в каталоге',
  'no-length': 'не выйдет в эфир: нет ни медиа, ни длительности',
  'pushed-out': 'не выйдет в эфир: целиком вытеснено фиксированным началом следующей передачи',
  'after-end': 'не выйдет в эфир: раньше начинается следующий день',
};

export function Timeline(props: {
  timeline: ScheduleTimeline;
  /** The name of the item at each place of the list the timeline was made for. */
  names: readonly string[];
  stale: boolean;
  /** The instant the viewers see, on the day on the air. */
  now?: number | undefined;
  /** Asks to fill a gap of slate still to air. */
  onFill?: (gap: Gap) => void;
}) {
  const { timeline, now } = props;
  const list = useRef<HTMLOListElement>(null);
  const line = useRef<HTMLLIElement>(null);
  const shown = now !== undefined && timeline.airsFrom !== null;
  const scrolled = useRef(false);
  // Opens at the «now» line once it is first known: the rows scroll, not the page.
  useLayoutEffect(() => {
    const box = list.current;
    const mark = line.current;
    if (!shown || scrolled.current || box === null || mark === null) return;
    scrolled.current = true;
    if (box.scrollHeight <= box.clientHeight) return;
    const below = mark.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    box.scrollTop = Math.max(0, below - box.clientHeight / 3);
  }, [shown]);
  /** The place of the first airing row that ends after now: the line goes before it. */
  const nowAt = shown ? timeline.rows.findIndex((row) => row.airs && row.end !== null && row.end > now) : -1;
  const clock = clockFormat(timeline.zone);
  const until = clockAfter(timeline.zone, dateIn(timeline.zone, new Date(timeline.start)));
  const airing = timeline.rows.filter((row) => row.airs);
  const joins = timeline.joinsWith;
  return (
    <section className="panel stack timeline" aria-labelledby="timeline-title" aria-busy={props.stale}>
      <h2 id="timeline-title">Что выйдет в эфир</h2>
      <p className="muted">Расчёт тот же, что у эфира канала; время — по часам сетки ({timeline.zone}).</p>
      {timeline.airsFrom === null ? null : (
        <p className="alert alert--info" data-testid="airs-from">
          День уже в эфире: изменения выйдут с <strong>{clock(timeline.airsFrom)}</strong>
          {joins === null
            ? '.'
            : joins.index === null
              ? ' — в этот момент идёт заставка.'
              : ` — в этот момент пойдёт «${props.names[joins.index] ?? '—'}» с ${formatDuration(joins.offsetSeconds)}.`}{' '}
          То, что уже вышло и что зрители уже загрузили, не меняется, и просмотр не прерывается.
        </p>
      )}
      <p>
        Начало дня <strong>{clock(timeline.start)}</strong>, конец{' '}
        <strong data-testid="day-end">{airing.length === 0 ? '—' : until(timeline.end)}</strong>
        {timeline.cutByNextDay ? ' (обрезан началом следующего дня)' : ''}. Пауз с заставкой:{' '}
        <strong>{timeline.gaps.length}</strong>.
      </p>
      <ol ref={list} className="timeline__rows" aria-label="Расчёт эфира" tabIndex={0}>
        {timeline.rows.map((row, place) => {
          const name = props.names[row.index] ?? '—';
          // Already on the air (before the viewers' picture when it is known, else before the
          // moment a save airs from): what it lacked is history, not a warning.
          const past = timeline.airsFrom !== null && row.end !== null && row.end <= (shown ? now : timeline.airsFrom);
          const airing = place === nowAt && row.start !== null && now !== undefined && row.start <= now;
          return (
            <Fragment key={row.index}>
              {place === nowAt && now !== undefined ? (
                <li ref={line} className="timeline__now" data-testid="timeline-now" data-at={Math.round(now)}>
                  Сейчас у зрителей: {clock(now)}
                </li>
              ) : null}
              <li
                className="timeline__row"
                data-airs={row.airs}
                data-testid="timeline-row"
                data-start={row.start ?? ''}
                data-past={past}
                data-airing={airing}
              >
                {row.gapBeforeSeconds >= 1 ? (
                  <span className="timeline__gap" data-testid="timeline-gap">
                    Заставка {formatDuration(row.gapBeforeSeconds)}
                    {props.onFill === undefined || props.stale || past || row.start === null ? null : (
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={`Заполнить паузу ${formatDuration(row.gapBeforeSeconds)} перед «${name}»`}
                        onClick={() => {
                          if (row.start === null) return;
                          props.onFill?.({
                            before: row.index,
                            start: row.start - row.gapBeforeSeconds * 1000,
                            seconds: row.gapBeforeSeconds,
                          });
                        }}
                      >
                        Заполнить
                      </button>
                    )}
                  </span>
                ) : null}
                <span className="timeline__time">
                  {row.start === null || row.end === null ? '—' : `${clock(row.start)}–${clock(row.end)}`}
                </span>
                <span className="timeline__name">{name}</span>
                <span className="timeline__marks">
                  {row.airs ? null : <span className="badge">{whyText[row.why]}</span>}
                  {row.cutSeconds > 0 ? (
                    <span className="badge badge--danger" data-testid="timeline-cut">
                      Обрезано на {formatDuration(row.cutSeconds)}
                    </span>
                  ) : null}
                  {past && row.airs ? <span className="badge">Вышло</span> : null}
                  {airing ? <span className="badge badge--ok">В эфире</span> : null}
                  {!past && row.airs && row.media === 'missing' ? (
                    <span className="badge badge--warn">Нет медиа: слот заполнит заставка</span>
                  ) : null}
                  {!past && row.airs && row.media === 'late' ? (
                    <span className="badge badge--warn">Медиа будут готовы только во время слота</span>
                  ) : null}
                </span>
              </li>
            </Fragment>
          );
        })}
        {shown && nowAt === -1 ? (
          <li ref={line} className="timeline__now" data-testid="timeline-now" data-at={Math.round(now)}>
            Сейчас у зрителей: {clock(now)} — день в эфире закончился
          </li>
        ) : null}
      </ol>
    </section>
  );
}
