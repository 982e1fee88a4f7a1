// Filling a gap of slate from a category: the editor picks the category and how many hours a
// programme may not repeat within, sees what would go in (and what slate is left), and puts it in
// the draft before the item after the gap. Nothing is saved until the day is.
import type { ChannelKind, ScheduleMedia } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { FormProblem } from '../../components/fields.tsx';
import { problemOf } from '../../lib/api.ts';
import { formatDuration } from '../../lib/format.ts';
import { categoriesOf, fillCandidates } from './api.ts';
import { fillGap } from './fill.ts';

/** A gap of the timeline: the slate before the item at `before` in the list. */
export interface Gap {
  before: number;
  start: number;
  seconds: number;
}

export function FillDialog(props: {
  kind: ChannelKind;
  gap: Gap;
  /** The day's airings the no-repeat rule counts, by programme and start. */
  airings: readonly { id: number; start: number }[];
  onFill: (picks: ScheduleMedia[]) => void;
  onClose: () => void;
}) {
  const id = useId();
  const { kind, gap } = props;
  const categories = useQuery({
    queryKey: ['fill-categories', kind],
    queryFn: ({ signal }) => categoriesOf(kind, signal),
  });
  const [chosen, setChosen] = useState<number>();
  const [hours, setHours] = useState(3);
  const category = chosen ?? categories.data?.find((entry) => entry.items > 0)?.id;
  const candidates = useQuery({
    queryKey: ['fill-candidates', kind, category],
    queryFn: ({ signal }) => fillCandidates(kind, category ?? 0, signal),
    enabled: category !== undefined,
  });
  const media = candidates.data ?? [];
  const picks = fillGap(
    media.map((item) => ({ id: item.id, seconds: item.durationSeconds })),
    { start: gap.start, seconds: gap.seconds, noRepeatSeconds: Math.max(0, hours) * 3600, airings: props.airings },
  ).flatMap((pick) => media.filter((item) => item.id === pick.id).slice(0, 1));
  const filled = picks.reduce((sum, pick) => sum + pick.durationSeconds, 0);
  const problem = categories.isError
    ? problemOf(categories.error)
    : candidates.isError
      ? problemOf(candidates.error)
      : undefined;
  return (
    <Dialog open title="Заполнить паузу" onClose={props.onClose} narrow>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (picks.length > 0) props.onFill(picks);
        }}
      >
        <p className="muted">
          Пауза {formatDuration(gap.seconds)}: передачи рубрики встанут в неё по очереди — сначала те, что в этот день
          не выходили или выходили давно, — пока помещаются. Берутся опубликованные, с готовыми медиа.
        </p>
        <div className="row">
          <div className="field">
            <label htmlFor={`${id}-category`}>Рубрика</label>
            <select
              id={`${id}-category`}
              className="select"
              value={category ?? ''}
              onChange={(event) => {
                setChosen(Number(event.target.value));
              }}
            >
              {(categories.data ?? []).map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name} ({entry.items})
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-hours`}>Не повторять, часов</label>
            <input
              id={`${id}-hours`}
              className="input"
              type="number"
              min={0}
              max={48}
              value={hours}
              onChange={(event) => {
                setHours(Math.min(48, Math.max(0, Number(event.target.value) || 0)));
              }}
            />
          </div>
        </div>
        <FormProblem problem={problem} />
        {candidates.isPending && category !== undefined ? (
          <p className="muted" role="status">
            Загрузка…
          </p>
        ) : (
          <div className="stack" role="status">
            <p>
              {picks.length === 0
                ? 'Ничего не помещается: в рубрике нет подходящей передачи такой длины.'
                : `Войдёт передач: ${String(picks.length)}, ${formatDuration(filled)}; заставка останется на ${formatDuration(Math.max(0, gap.seconds - filled))}.`}
            </p>
            {picks.length === 0 ? null : (
              <ol className="fill__picks">
                {picks.map((pick, place) => (
                  <li key={`${String(place)}-${String(pick.id)}`}>
                    {pick.name} <span className="muted">{formatDuration(pick.durationSeconds)}</span>
                  </li>
                ))}
              </ol>
            )}
          </div>
        )}
        <div className="dialog__footer">
          <button type="button" className="button" onClick={props.onClose}>
            Отмена
          </button>
          <button type="submit" className="button button--primary" disabled={picks.length === 0}>
            Вставить
          </button>
        </div>
      </form>
    </Dialog>
  );
}
