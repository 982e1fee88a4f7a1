// Copying the open day to a range of days (the next day unless the editor says otherwise), or to
// the days of some weekdays in it (a weekly programme repeated for months): days without a
// schedule are written, days that have one are kept and listed, and only then, asked in so many
// words, can the editor replace those too.
import { addDays, isoWeekday, type ScheduleCopy, scheduleLimits } from '@efir/contract';
import { useState } from 'react';
import { Dialog, FormFooter } from '../../components/dialog.tsx';
import { FormProblem } from '../../components/fields.tsx';
import { LabelledInput } from './labelled-input.tsx';

const everyWeekday = [1, 2, 3, 4, 5, 6, 7] as const;
const weekdayShort = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'];
const weekdayNames = ['понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота', 'воскресенье'];
/** «Только по …»: the weekday in the dative plural. */
const weekdayOn = [
  'по понедельникам',
  'по вторникам',
  'по средам',
  'по четвергам',
  'по пятницам',
  'по субботам',
  'по воскресеньям',
];

export function CopyDialog(props: {
  open: boolean;
  date: string;
  /** The day to copy to, first; the next day when not given. */
  target?: string | undefined;
  busy: boolean;
  problem: string | undefined;
  result: { written: string[]; kept: string[] } | undefined;
  onCopy: (range: ScheduleCopy & { replace: boolean }) => void;
  onClose: () => void;
}) {
  const [from, setFrom] = useState(props.target ?? addDays(props.date, 1));
  const [to, setTo] = useState(props.target ?? addDays(props.date, 1));
  const [weekdays, setWeekdays] = useState<ReadonlySet<number>>(new Set(everyWeekday));
  const kept = props.result?.kept ?? [];
  /** Every day of the range is the call's default: the weekdays are sent only when some are left out. */
  const range = { from, to, ...(weekdays.size === 7 ? {} : { weekdays: [...weekdays].sort() }) };
  const replace = (): void => {
    props.onCopy({ ...range, replace: true });
  };
  return (
    <Dialog open={props.open} title="Копировать день" onClose={props.onClose} narrow>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          props.onCopy({ ...range, replace: false });
        }}
      >
        <p className="muted">
          Передачи, начало дня, текст окончания и бегущие строки этого дня запишутся в каждый день диапазона из
          отмеченных дней недели (не больше {scheduleLimits.copyDays} дней, диапазон — до года). Дни, в которых уже есть
          сетка, останутся как были.
        </p>
        <div className="row">
          <LabelledInput label="С" type="date" required value={from} onValue={setFrom} />
          <LabelledInput label="По" type="date" required value={to} onValue={setTo} />
        </div>
        <fieldset className="fieldset">
          <legend>По дням недели</legend>
          <div className="row">
            {everyWeekday.map((weekday) => (
              <label key={weekday} className="checkbox">
                <input
                  type="checkbox"
                  aria-label={weekdayNames[weekday - 1]}
                  checked={weekdays.has(weekday)}
                  onChange={(event) => {
                    const next = new Set(weekdays);
                    if (event.target.checked) next.add(weekday);
                    else next.delete(weekday);
                    setWeekdays(next);
                  }}
                />
                <span aria-hidden="true">{weekdayShort[weekday - 1]}</span>
              </label>
            ))}
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                setWeekdays(new Set([isoWeekday(props.date)]));
              }}
            >
              Только {weekdayOn[isoWeekday(props.date) - 1]}
            </button>
          </div>
        </fieldset>
        <FormProblem problem={props.problem} />
        {props.result === undefined || (props.result.written.length === 0 && kept.length > 0) ? null : (
          <p className="alert alert--ok" role="status">
            Записано дней: {props.result.written.length}.
          </p>
        )}
        {kept.length === 0 ? null : (
          <div className="alert stack" role="alert">
            <p>
              Уже есть сетка, их не трогали: {kept.join(', ')}. Заменить её копией этого дня? Прежние передачи этих дней
              пропадут.
            </p>
            <button
              type="button"
              className="button button--danger copy-replace"
              disabled={props.busy}
              onClick={replace}
            >
              Заменить дней: {kept.length}
            </button>
          </div>
        )}
        <FormFooter onCancel={props.onClose} cancel="Закрыть" submit="Копировать" busy={props.busy} />
      </form>
    </Dialog>
  );
}
