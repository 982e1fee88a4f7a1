// A channel's week at a glance: each day on a 24-hour bar (items, ads, slots without media, the
// slate between items), with its figures; a day opens in the editor and copies to other days (by
// its button, or dragged by its name onto another day), and lists its programmes, each of which
// moves to another day and time of the week (by its button, or dragged onto a day's bar at the
// time it should start); a drag fills the dialog, which the editor confirms.
import {
  DndContext,
  type DragEndEvent,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { type ChannelView, instantOf, type StudioAnswer } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { Copy, GripVertical, MoveRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Loaded } from '../../components/loaded.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useToast } from '../../components/toasts.tsx';
import { problemOf } from '../../lib/api.ts';
import { channelName, clockAfter, clockFormat } from '../../lib/channels.ts';
import { formatDuration } from '../../lib/format.ts';
import { useCopyDay, useMoveProgramme, weekQuery } from './api.ts';
import { CopyDialog } from './copy-dialog.tsx';
import { DayNavigation, useDayParams, WithChannel } from './index.tsx';
import { MoveDialog, type WeekProgramme } from './move-dialog.tsx';
import './schedule.css';

const dayMs = 24 * 3600 * 1000;
const kindNames = { item: 'Передачи', ad: 'Реклама', missing: 'Нет медиа (заставка)', gap: 'Пауза (заставка)' };

type Week = StudioAnswer<'scheduleWeek'>;
type WeekDay = Week['days'][number];

/** What a drag carries: a programme of a day, or a whole day to copy. */
type Dragged = { kind: 'programme'; date: string; programme: WeekProgramme } | { kind: 'day'; date: string };

export default function WeekPage() {
  const { channel: slug, date } = useDayParams();
  return <WithChannel slug={slug} render={(channel) => <Week channel={channel} date={date} />} />;
}

/** A day's label in the week: «пт, 27 нояб.». */
const dayLabel = (date: string): string =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('ru-RU', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/** The copy dialog of one day of the week, to `target` first when a drag named it. */
function CopyDay(props: { channel: string; date: string; target: string | undefined; onClose: () => void }) {
  const copy = useCopyDay(props.channel, props.date);
  return (
    <CopyDialog
      open
      date={props.date}
      target={props.target}
      busy={copy.isPending}
      problem={copy.isError ? problemOf(copy.error) : undefined}
      result={copy.data}
      onCopy={(range) => {
        copy.mutate(range);
      }}
      onClose={props.onClose}
    />
  );
}

function ProgrammeRow(props: { date: string; programme: WeekProgramme; zone: string; onMove: () => void }) {
  const { programme } = props;
  const clock = clockFormat(props.zone);
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: `programme:${props.date}:${String(programme.place)}`,
    data: { kind: 'programme', date: props.date, programme } satisfies Dragged,
  });
  return (
    <li
      ref={setNodeRef}
      title={`${programme.name}: ${clock(programme.start)}–${clock(programme.end)}`}
      data-dragging={isDragging}
    >
      <span className="week__grip" {...listeners} aria-hidden="true">
        <GripVertical size={14} />
      </span>
      <span className="week__time">{clock(programme.start)}</span>
      <span className="week__name">{programme.name}</span>
      <button
        type="button"
        className="icon-button"
        aria-label={`Перенести «${programme.name}» (${clock(programme.start)})`}
        onClick={props.onMove}
      >
        <MoveRight size={16} aria-hidden="true" />
      </button>
    </li>
  );
}

function DayRow(props: {
  channel: string;
  day: WeekDay;
  zone: string;
  onMove: (programme: WeekProgramme) => void;
  onCopy: () => void;
}) {
  const { day, zone } = props;
  const clock = clockFormat(zone);
  const until = clockAfter(zone, day.date);
  const midnight = instantOf(zone, day.date, '00:00:00');
  const at = (t: number): string => `${String(Math.min(100, Math.max(0, ((t - midnight) / dayMs) * 100)))}%`;
  const label = dayLabel(day.date);
  const { setNodeRef: dropRef, isOver } = useDroppable({ id: `day:${day.date}`, data: { date: day.date } });
  const { setNodeRef: dragRef, listeners } = useDraggable({
    id: `copy:${day.date}`,
    data: { kind: 'day', date: day.date } satisfies Dragged,
    disabled: day.revision === 0,
  });
  return (
    <li className="week__day" data-testid="week-day" data-over={isOver}>
      <span className="week__label">
        {day.revision === 0 ? null : (
          <span className="week__grip" ref={dragRef} {...listeners} aria-hidden="true">
            <GripVertical size={14} />
          </span>
        )}
        <Link to={`/schedule/${props.channel}/${day.date}`}>{label}</Link>
      </span>
      <div
        ref={dropRef}
        className="week__bar"
        role="img"
        data-testid="week-bar"
        aria-label={
          day.start === null
            ? `${label}: сетки нет`
            : `${label}: с ${clock(day.start)} до ${until(day.end ?? day.start)}, пауз ${formatDuration(day.gapSeconds)}`
        }
      >
        {day.spans.map((span) => (
          <span
            key={`${String(span.start)}-${span.kind}`}
            className="week__span"
            data-kind={span.kind}
            style={{ left: at(span.start), width: `calc(${at(span.end)} - ${at(span.start)})` }}
          />
        ))}
      </div>
      <span className="week__stats muted">
        {day.start === null
          ? 'Сетки нет'
          : `${clock(day.start)}–${until(day.end ?? day.start)} · передач ${String(day.items)} · в эфире ${formatDuration(day.airedSeconds)} · заставка ${formatDuration(day.gapSeconds)}${day.missing > 0 ? ` · без медиа ${String(day.missing)}` : ''}${day.cut > 0 ? ` · обрезано ${String(day.cut)}` : ''}`}
      </span>
      {day.revision === 0 ? null : (
        <div className="week__tools">
          <button
            type="button"
            className="button button--small"
            aria-label={`Копировать ${label}`}
            onClick={props.onCopy}
          >
            <Copy size={14} aria-hidden="true" />
            Копировать
          </button>
          <details className="week__programmes">
            <summary>Передачи ({day.programmes.length})</summary>
            <ol aria-label={`Передачи: ${label}`}>
              {day.programmes.map((programme) => (
                <ProgrammeRow
                  key={programme.place}
                  date={day.date}
                  programme={programme}
                  zone={zone}
                  onMove={() => {
                    props.onMove(programme);
                  }}
                />
              ))}
            </ol>
          </details>
        </div>
      )}
    </li>
  );
}

function Week({ channel: aired, date }: { channel: ChannelView; date: string }) {
  const channel = aired.slug;
  const week = useQuery(weekQuery(channel, date));
  const toast = useToast();
  const move = useMoveProgramme(channel);
  /** The programme being moved, and where a drag put it. */
  const [moving, setMoving] = useState<{
    date: string;
    programme: WeekProgramme;
    to?: { date: string; time: string };
  }>();
  const [copying, setCopying] = useState<{ date: string; target?: string }>();
  const movingDay = week.data?.days.find((day) => day.date === moving?.date);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  /** A drop on a day's bar: the day, and the clock time under the pointer. */
  const onDragEnd = (event: DragEndEvent): void => {
    const dragged = event.active.data.current as Dragged | undefined;
    const target = event.over?.data.current as { date: string } | undefined;
    if (dragged === undefined || target === undefined || event.over === null || week.data === undefined) return;
    if (dragged.kind === 'day') {
      if (target.date !== dragged.date) setCopying({ date: dragged.date, target: target.date });
      return;
    }
    const bar = event.over.rect;
    const began = event.activatorEvent instanceof PointerEvent ? event.activatorEvent.clientX : bar.left;
    const share = Math.min(1, Math.max(0, (began + event.delta.x - bar.left) / bar.width));
    const instant = instantOf(week.data.zone, target.date, '00:00:00') + Math.round(share * 86_399) * 1000;
    move.reset();
    setMoving({ ...dragged, to: { date: target.date, time: clockFormat(week.data.zone)(instant) } });
  };
  return (
    <>
      <PageHeader
        title={`Неделя: ${channelName(aired.slug, aired.name)}`}
        about="Покрытие суток по дням: где идут передачи, где заставка и где нет медиа. Передачу можно перетащить на полосу другого дня, день — за его название на другой день."
      />
      <DayNavigation channel={channel} date={date} base="/schedule-week" step={7} />
      <div className="week__legend" role="group" aria-label="Обозначения">
        {Object.entries(kindNames).map(([kind, name]) => (
          <span key={kind}>
            <span className="week__span" data-kind={kind} aria-hidden="true" />
            {name}
          </span>
        ))}
      </div>
      <Loaded query={week}>
        {(data) => (
          <section className="panel">
            <DndContext sensors={sensors} collisionDetection={pointerWithin} onDragEnd={onDragEnd}>
              <ol className="week" aria-label="Дни недели">
                {data.days.map((day) => (
                  <DayRow
                    key={day.date}
                    channel={channel}
                    day={day}
                    zone={data.zone}
                    onMove={(programme) => {
                      move.reset();
                      setMoving({ date: day.date, programme });
                    }}
                    onCopy={() => {
                      setCopying({ date: day.date });
                    }}
                  />
                ))}
              </ol>
            </DndContext>
            <p className="week__hours muted" aria-hidden="true">
              <span>00:00</span>
              <span>06:00</span>
              <span>12:00</span>
              <span>18:00</span>
              <span>24:00</span>
            </p>
          </section>
        )}
      </Loaded>
      {week.data === undefined ? null : (
        <MoveDialog
          key={
            moving === undefined
              ? ''
              : `${moving.date}/${String(moving.programme.place)}/${moving.to?.date ?? ''}/${moving.to?.time ?? ''}`
          }
          week={week.data}
          moving={
            movingDay === undefined || moving === undefined
              ? undefined
              : { day: movingDay, programme: moving.programme, ...(moving.to === undefined ? {} : { to: moving.to }) }
          }
          dayLabel={dayLabel}
          busy={move.isPending}
          problem={move.isError ? problemOf(move.error) : undefined}
          onMove={(target, said) => {
            if (movingDay === undefined || moving === undefined) return;
            move.mutate(
              {
                from: { date: movingDay.date, place: moving.programme.place, revision: movingDay.revision },
                to: target,
              },
              {
                onSuccess: () => {
                  setMoving(undefined);
                  toast(`Перенесено: ${said}`);
                },
              },
            );
          }}
          onClose={() => {
            setMoving(undefined);
          }}
        />
      )}
      {copying === undefined ? null : (
        <CopyDay
          key={`${copying.date}/${copying.target ?? ''}`}
          channel={channel}
          date={copying.date}
          target={copying.target}
          onClose={() => {
            setCopying(undefined);
          }}
        />
      )}
    </>
  );
}
