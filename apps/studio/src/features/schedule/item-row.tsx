// One item of a day in the schedule editor: its programme and its marks (a fixed start, an ad,
// kept off the air on the radio) as words; the marks are set in a panel the item opens, so a
// long day costs three tab stops an item (handle, settings, remove) and a light page.
import { airsAudio, type ChannelRef } from '@efir/contract';
import { Settings2, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { MediaBadge } from '../../components/status.tsx';
import { formatDuration } from '../../lib/format.ts';
import type { DraftItem } from './api.ts';

export function ItemRow(props: {
  item: DraftItem;
  channel: ChannelRef;
  onChange: (item: DraftItem) => void;
  onRemove: () => void;
}) {
  const { item } = props;
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="sortable__body">
        {item.media.name} <small>№ {item.media.id}</small>
        <span className="row">
          <span className="muted">{formatDuration(item.media.durationSeconds)}</span>
          <MediaBadge state={item.media.media} />
          {item.media.draft === 2 ? <span className="badge">Скрыто в каталоге</span> : null}
          {item.startsAt === null ? null : <span className="badge">Точно в {item.startsAt}</span>}
          {item.isAd ? <span className="badge">Реклама</span> : null}
          {item.draft === 2 ? <span className="badge">Не в эфир</span> : null}
        </span>
        {open ? (
          <div id={`${id}-settings`} className="row schedule-item__settings">
            <label htmlFor={`${id}-start`} className="schedule-item__label">
              Начало
            </label>
            <input
              id={`${id}-start`}
              className="input schedule-item__time"
              type="time"
              step={1}
              value={item.startsAt ?? ''}
              aria-describedby={`${id}-hint`}
              onChange={(event) => {
                const value = event.target.value;
                props.onChange({ ...item, startsAt: value === '' ? null : value.length === 5 ? `${value}:00` : value });
              }}
            />
            <span id={`${id}-hint`} className="visually-hidden">
              Пусто — сразу после предыдущей передачи
            </span>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={item.isAd}
                onChange={(event) => {
                  props.onChange({ ...item, isAd: event.target.checked });
                }}
              />
              Реклама
            </label>
            {airsAudio(props.channel) ? (
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={item.draft === 2}
                  onChange={(event) => {
                    props.onChange({ ...item, draft: event.target.checked ? 2 : 0 });
                  }}
                />
                Не в эфир
              </label>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="row schedule-item__controls">
        <button
          type="button"
          className="button button--small"
          aria-label={`Настроить «${item.media.name}»`}
          aria-expanded={open}
          aria-controls={`${id}-settings`}
          onClick={() => {
            setOpen(!open);
          }}
        >
          <Settings2 size={14} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="button button--small"
          aria-label={`Убрать «${item.media.name}» из дня`}
          onClick={props.onRemove}
        >
          <Trash2 size={14} aria-hidden="true" />
        </button>
      </div>
    </>
  );
}
