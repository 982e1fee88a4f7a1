// Where a programme added from the catalogue goes: the end of the day, the first item boundary at
// a time (with that time as its fixed start, if the editor wants it to the second), or right after
// what the channel airs when the save goes on the air ("play next").
import type { ScheduleTimeline } from '@efir/contract';
import { useId } from 'react';
import type { Placement, PlacementChoice } from './placing.ts';

const choices: [Placement['at'], string][] = [
  ['end', 'В конец дня'],
  ['time', 'Ко времени'],
  ['next', 'Следующей после идущей в эфире'],
];

export function PlacementPicker(props: {
  value: PlacementChoice;
  onChange: (value: PlacementChoice) => void;
  /** The day is on the air: «следующей» has a meaning. */
  onAir: boolean;
  timeline: ScheduleTimeline | undefined;
}) {
  const id = useId();
  const { placement, fixed } = props.value;
  const choose = (next: Placement): void => {
    props.onChange({ placement: next, fixed });
  };
  const time = placement.at === 'time' ? placement.time : '';
  return (
    <fieldset className="fieldset placement">
      <legend>Куда добавить</legend>
      <div className="row">
        {choices
          .filter(([at]) => at !== 'next' || props.onAir)
          .map(([at, label]) => (
            <label key={at} className="checkbox">
              <input
                type="radio"
                name={id}
                checked={placement.at === at}
                onChange={() => {
                  choose(at === 'time' ? { at, time } : { at });
                }}
              />
              {label}
            </label>
          ))}
      </div>
      {placement.at === 'time' ? (
        <div className="row">
          <label className="field">
            <span>Время</span>
            <input
              className="input schedule-item__time"
              type="time"
              step={1}
              required
              value={time}
              onChange={(event) => {
                choose({ at: 'time', time: event.target.value });
              }}
            />
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={fixed}
              onChange={(event) => {
                props.onChange({ placement, fixed: event.target.checked });
              }}
            />
            Точно в это время (фиксированное начало: идущая передача обрежется)
          </label>
        </div>
      ) : null}
      <p className="muted" id={`${id}-how`}>
        {placement.at === 'time'
          ? fixed
            ? 'Передача начнётся ровно в это время.'
            : 'Передача встанет перед первой передачей, которая начинается в это время или позже.'
          : placement.at === 'next'
            ? 'Передача пойдёт сразу после той, что будет в эфире в момент сохранения.'
            : 'Передача встанет последней.'}
        {placement.at !== 'end' && props.timeline === undefined ? ' Расчёт эфира ещё идёт.' : ''}
      </p>
    </fieldset>
  );
}
