// A save refused because someone saved the day meanwhile: what they changed, and this editor's
// changes one by one, each to carry over onto their version or leave; or, knowingly, this
// editor's day written over theirs.
import type { ScheduleMedia, StudioScheduleDay } from '@efir/contract';
import { useMemo, useState } from 'react';
import { Dialog } from '../../components/dialog.tsx';
import { bodyOf, type DayDraft, nextKey, storedBody } from './api.ts';
import { carryOver, type Change, changesOf, type DayFields, type Line } from './merge.ts';

/** An item as the merge reads it, with its programme for the names. */
type DayLine = Line & { media: ScheduleMedia };

interface DayVersion {
  fields: DayFields;
  items: DayLine[];
}

function fieldsOf(body: ReturnType<typeof bodyOf>): DayFields {
  return {
    startsAt: body.startsAt ?? '',
    finishedText: body.finishedText ?? '',
    tickers: JSON.stringify(body.tickers ?? []),
  };
}

function storedVersion(day: StudioScheduleDay): DayVersion {
  return {
    fields: fieldsOf(storedBody(day)),
    items: day.items.map((item) => ({
      id: item.id,
      media: item.media,
      startsAt: item.startsAt,
      isAd: item.isAd,
      draft: item.draft,
    })),
  };
}

function draftVersion(draft: DayDraft): DayVersion {
  return {
    fields: fieldsOf(bodyOf(draft)),
    items: draft.items.map((item) => ({
      id: item.media.id,
      media: item.media,
      startsAt: item.startsAt,
      isAd: item.isAd,
      draft: item.draft,
    })),
  };
}

const fieldWords: Record<keyof DayFields, (value: string) => string> = {
  startsAt: (value) => `начало дня — ${value}`,
  finishedText: (value) => `текст после окончания эфира — «${value}»`,
  tickers: () => 'бегущие строки',
};

/** What a change did, in words, with the programmes' names. */
function described(change: Change<DayLine>, base: readonly DayLine[]): string {
  switch (change.kind) {
    case 'day':
      return `Изменено: ${fieldWords[change.field](change.value)}`;
    case 'insert': {
      const before = base[change.after];
      return `Добавлено «${change.line.media.name}» ${before === undefined ? 'в начало дня' : `после «${before.media.name}»`}`;
    }
    case 'remove':
      return `Убрано «${change.line.media.name}» (место ${String(change.at + 1)})`;
    case 'edit': {
      const { line, was } = change;
      const marks = [
        line.startsAt === was.startsAt ? null : `начало ${line.startsAt ?? 'сразу после предыдущей'}`,
        line.isAd === was.isAd ? null : line.isAd ? 'реклама' : 'не реклама',
        line.draft === was.draft ? null : line.draft === 2 ? 'не в эфир' : 'в эфир',
      ];
      return `«${line.media.name}»: ${marks.filter((mark) => mark !== null).join(', ')}`;
    }
  }
}

/** A draft made of a merged version: their tickers or mine, as the merge chose, with new keys. */
function draftOfVersion(version: { fields: DayFields; items: DayLine[] }): DayDraft {
  const tickers = JSON.parse(version.fields.tickers) as Omit<DayDraft['tickers'][number], 'key'>[];
  return {
    startsAt: version.fields.startsAt,
    finishedText: version.fields.finishedText,
    items: version.items.map((line) => ({
      key: nextKey(),
      media: line.media,
      startsAt: line.startsAt,
      isAd: line.isAd,
      draft: line.draft as DayDraft['items'][number]['draft'],
    })),
    tickers: tickers.map((ticker) => ({ ...ticker, key: nextKey() })),
  };
}

export function ConflictDialog(props: {
  /** The server's word on the refused save. */
  problem: string;
  /** The day the draft was begun from, theirs as saved since, and the draft. */
  base: StudioScheduleDay;
  theirs: StudioScheduleDay;
  mine: DayDraft;
  busy: boolean;
  /** Their version opened, with the chosen changes in the draft, for a look and a save. */
  onCarryOver: (draft: DayDraft) => void;
  onOverwrite: () => void;
  onClose: () => void;
}) {
  const { base, theirs } = props;
  const versions = useMemo(() => {
    const baseVersion = storedVersion(base);
    const theirVersion = storedVersion(theirs);
    return {
      base: baseVersion,
      theirs: theirVersion,
      theirChanges: changesOf(baseVersion, theirVersion),
      myChanges: changesOf(baseVersion, draftVersion(props.mine)),
    };
  }, [base, theirs, props.mine]);
  const [left, setLeft] = useState<ReadonlySet<number>>(new Set());
  const chosen = versions.myChanges.filter((_, index) => !left.has(index));
  return (
    <Dialog open title="День уже изменили" onClose={props.onClose}>
      <div className="stack conflict">
        <p>{props.problem}</p>
        <section aria-labelledby="conflict-theirs" className="stack">
          <h3 id="conflict-theirs">
            Их версия {theirs.revision}: изменено с вашей версии {base.revision}
          </h3>
          {versions.theirChanges.length === 0 ? (
            <p className="muted">Ни передачи, ни поля дня не менялись.</p>
          ) : (
            <ul className="conflict__list">
              {versions.theirChanges.map((change, index) => (
                <li key={index}>{described(change, versions.base.items)}</li>
              ))}
            </ul>
          )}
        </section>
        <fieldset className="fieldset">
          <legend>Ваши изменения: отметьте, что перенести в их версию</legend>
          {versions.myChanges.length === 0 ? <p className="muted">Изменений нет.</p> : null}
          {versions.myChanges.map((change, index) => (
            <label key={index} className="checkbox">
              <input
                type="checkbox"
                checked={!left.has(index)}
                onChange={(event) => {
                  const next = new Set(left);
                  if (event.target.checked) next.delete(index);
                  else next.add(index);
                  setLeft(next);
                }}
              />
              {described(change, versions.base.items)}
            </label>
          ))}
        </fieldset>
        <div className="dialog__footer">
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              props.onCarryOver(draftOfVersion(carryOver(versions.base.items, versions.theirs, chosen)));
            }}
          >
            {chosen.length === 0 ? 'Открыть их версию' : `Перенести в их версию: ${String(chosen.length)}`}
          </button>
          <button type="button" className="button button--danger" disabled={props.busy} onClick={props.onOverwrite}>
            Записать мою поверх
          </button>
        </div>
      </div>
    </Dialog>
  );
}
