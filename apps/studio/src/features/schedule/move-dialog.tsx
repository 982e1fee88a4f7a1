// Moving a programme of the week to another day or time: the editor picks a day of the week shown
// and a clock time; the programme goes before the first one that starts then or later there (read
// off that day's airing, as «Ко времени» does in the day's editor), placed by order. Both days are
// written in one save over the revisions the week showed, so a colleague's save meanwhile refuses
// the move and nothing is lost.
import { instantOf, type StudioAnswer } from '@efir/contract';
import { useState } from 'react';
import { Dialog, FormFooter } from '../../components/dialog.tsx';
import { FormProblem } from '../../components/fields.tsx';
import { clockFormat } from '../../lib/channels.ts';
import { LabelledInput } from './labelled-input.tsx';
import { dayInstant, placeAtInstant } from './placing.ts';

type Week = StudioAnswer<'scheduleWeek'>;
type WeekDay = Week['days'][number];
export type WeekProgramme = WeekDay['programmes'][number];

/** Where a programme goes: the place in the day at `date` before which it is put. */
export interface MoveTarget {
  date: string;
  place: number;
  revision: number;
}

/** The place in `day` for a programme airing from `time` (HH:mm[:ss]) there. */
export function placeInWeekDay(day: WeekDay, zone: string, time: string): number {
  // A day not yet in the schedule has no start: its clock counts from midnight.
  const start = day.start ?? instantOf(zone, day.date, '00:00:00');
  const at = dayInstant({ zone, start }, day.date, time);
  const rows = day.programmes.map((programme) => ({ airs: true, start: programme.start, index: programme.place }));
  return placeAtInstant({ rows }, day.items, at);
}

export function MoveDialog(props: {
  week: Week;
  /** The programme to move, the day it is in, and where a drag put it. */
  moving: { day: WeekDay; programme: WeekProgramme; to?: { date: string; time: string } } | undefined;
  dayLabel: (date: string) => string;
  busy: boolean;
  problem: string | undefined;
  onMove: (target: MoveTarget, said: string) => void;
  onClose: () => void;
}) {
  const { week, moving } = props;
  const clock = clockFormat(week.zone);
  const [date, setDate] = useState(moving?.to?.date ?? moving?.day.date ?? '');
  const [time, setTime] = useState(
    moving?.to?.time ?? (moving === undefined ? '12:00:00' : clock(moving.programme.start)),
  );
  return (
    <Dialog open={moving !== undefined} title="Перенести передачу" onClose={props.onClose} narrow>
      {moving === undefined ? null : (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            const day = week.days.find((entry) => entry.date === date);
            if (day === undefined) return;
            const place = placeInWeekDay(day, week.zone, time);
            props.onMove(
              { date, place, revision: day.revision },
              `«${moving.programme.name}» — ${props.dayLabel(date)}, место ${String(place + 1 - (date === moving.day.date && place > moving.programme.place ? 1 : 0))}.`,
            );
          }}
        >
          <p>
            «{moving.programme.name}», {props.dayLabel(moving.day.date)} в {clock(moving.programme.start)}. Передача
            встанет перед первой, которая начинается в это время или позже, и пойдёт по порядку (без фиксированного
            начала).
          </p>
          <div className="row">
            <label className="field">
              <span>День</span>
              <select
                className="select"
                value={date}
                onChange={(event) => {
                  setDate(event.target.value);
                }}
              >
                {week.days.map((day) => (
                  <option key={day.date} value={day.date}>
                    {props.dayLabel(day.date)}
                  </option>
                ))}
              </select>
            </label>
            <LabelledInput label="Время" type="time" step={1} required value={time} onValue={setTime} />
          </div>
          <FormProblem problem={props.problem} />
          <FormFooter onCancel={props.onClose} submit="Перенести" busy={props.busy} />
        </form>
      )}
    </Dialog>
  );
}
