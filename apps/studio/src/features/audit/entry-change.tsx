// What one audit entry changed, readable: a channel's day as programmes added, removed, moved and
// marked, with a way to open that version in the editor; anything else as the fields that differ.
import type { AuditEntry } from '@efir/contract';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/format.ts';
import { type DayChange, dayChanges, type DaySnapshot, fieldChanges, fieldLabel, isDaySnapshot } from './changes.ts';

/** A day's date in words: «27 ноября 2026». */
export const dayInWords = (date: string): string =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The day an entry is about, when it is a channel's day. */
export function savedDay(entry: AuditEntry): DaySnapshot | undefined {
  if (isDaySnapshot(entry.after)) return entry.after;
  return isDaySnapshot(entry.before) ? entry.before : undefined;
}

function DayLine({ change, title }: { change: DayChange; title: (id: number) => string }) {
  switch (change.kind) {
    case 'field':
      return (
        <li>
          {change.field === 'startsAt' ? 'Начало дня' : 'Текст после окончания эфира'}:{' '}
          <del>{change.before || '—'}</del> → <ins>{change.after || '—'}</ins>
        </li>
      );
    case 'added':
      return (
        <li className="audit__added">
          + {title(change.id)} — место {change.place}
          {change.startsAt === null ? '' : `, точно в ${change.startsAt}`}
        </li>
      );
    case 'removed':
      return (
        <li className="audit__removed">
          − {title(change.id)} — было место {change.place}
        </li>
      );
    case 'moved':
      return (
        <li>
          ↕ {title(change.id)} — с места {change.from} на {change.to}
        </li>
      );
    case 'marked':
      return (
        <li>
          ✎ {title(change.id)} (место {change.place}): {change.marks.join(', ')}
        </li>
      );
    case 'ticker-added':
      return (
        <li className="audit__added">
          + Бегущая строка с {change.startsAt}: «{change.message}»
        </li>
      );
    case 'ticker-removed':
      return (
        <li className="audit__removed">
          − Бегущая строка с {change.startsAt}: «{change.message}»
        </li>
      );
  }
}

/** The counts of a day's changes, for the summary line. */
function tally(changes: readonly DayChange[]): string {
  const count = (kind: DayChange['kind']) => changes.filter((change) => change.kind === kind).length;
  const parts = [
    ['добавлено', count('added')],
    ['убрано', count('removed')],
    ['перемещено', count('moved')],
    ['изменено', count('marked') + count('field')],
    ['бегущих строк +', count('ticker-added')],
    ['бегущих строк −', count('ticker-removed')],
  ] as const;
  const said = parts.filter(([, n]) => n > 0).map(([word, n]) => `${word} ${formatNumber(n)}`);
  return said.length === 0 ? 'без изменений' : said.join(', ');
}

function DayChangeView({ entry, day }: { entry: AuditEntry; day: DaySnapshot }) {
  const before = isDaySnapshot(entry.before) ? entry.before : null;
  const after = isDaySnapshot(entry.after) ? entry.after : null;
  const changes = dayChanges(before, after);
  const title = (id: number): string => {
    const name = entry.names?.[String(id)];
    return name === undefined ? `№ ${String(id)} (нет в каталоге)` : `«${name}»`;
  };
  const channel = entry.entity.slice('schedule-'.length);
  return (
    <details>
      <summary>
        {before === null ? 'Первое сохранение' : 'Изменения'}: {tally(changes)}
      </summary>
      <div className="stack audit__change">
        {changes.length === 0 ? null : (
          <ul className="audit__lines">
            {changes.map((change, index) => (
              <DayLine key={index} change={change} title={title} />
            ))}
          </ul>
        )}
        {after !== null && entry.action === 'schedule.write' ? (
          <Link className="button" to={`/schedule/${channel}/${day.date}?version=${String(entry.id)}`}>
            Открыть версию {after.revision} в редакторе
          </Link>
        ) : null}
      </div>
    </details>
  );
}

function FieldChangeView({ entry }: { entry: AuditEntry }) {
  const changes = fieldChanges(entry.before, entry.after);
  if (changes.length === 0) return null;
  return (
    <details>
      <summary>
        {entry.before === null ? 'Создано' : entry.after === null ? 'Удалено' : 'Изменено'}: полей{' '}
        {formatNumber(changes.length)}
      </summary>
      <table className="audit__fields">
        <thead>
          <tr>
            <th scope="col">Поле</th>
            <th scope="col">Было</th>
            <th scope="col">Стало</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field}>
              <th scope="row">{fieldLabel(change.field)}</th>
              <td>{change.before === undefined ? '—' : <del>{change.before}</del>}</td>
              <td>{change.after === undefined ? '—' : <ins>{change.after}</ins>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

export function EntryChange({ entry }: { entry: AuditEntry }) {
  const day = savedDay(entry);
  return day === undefined ? <FieldChangeView entry={entry} /> : <DayChangeView entry={entry} day={day} />;
}
