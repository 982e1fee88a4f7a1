// The filters above a catalogue list: a search box and the category, show and media filters.
import type { StudioCategory } from '@efir/contract';
import { useEffect, useId, useRef, useState } from 'react';
import type { ListQuery } from '../lib/list-query.ts';

const medias = [
  { value: 'ready', label: 'Готово' },
  { value: 'preparing', label: 'Готовится' },
  { value: 'failed', label: 'Ошибка' },
  { value: 'none', label: 'Нет медиа' },
] as const;

export function ListFilters<S extends string>(props: {
  list: ListQuery<S>;
  categories: readonly StudioCategory[];
  onChange: (list: ListQuery<S>) => void;
  /** Radios: programmes or songs. */
  withKind?: boolean;
}) {
  const id = useId();
  const { list, onChange } = props;
  const [text, setText] = useState(list.q);
  const latest = useRef({ list, onChange });
  useEffect(() => {
    latest.current = { list, onChange };
  });
  // The search goes into the address a moment after typing stops.
  useEffect(() => {
    const timer = setTimeout(() => {
      const current = latest.current;
      if (text.trim() !== current.list.q.trim()) current.onChange({ ...current.list, q: text, page: 1 });
    }, 300);
    return () => {
      clearTimeout(timer);
    };
  }, [text]);
  const number = (value: string): number | undefined => (value === '' ? undefined : Number(value));
  return (
    <div className="filters" role="search">
      <div className="field field--grow">
        <label htmlFor={`${id}-q`}>Поиск по названию</label>
        <input
          id={`${id}-q`}
          className="input"
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-category`}>Рубрика</label>
        <select
          id={`${id}-category`}
          className="select"
          value={list.category ?? ''}
          onChange={(event) => {
            onChange({ ...list, category: number(event.target.value), page: 1 });
          }}
        >
          <option value="">Все</option>
          {props.categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </div>
      {props.withKind === true ? (
        <div className="field">
          <label htmlFor={`${id}-kind`}>Тип</label>
          <select
            id={`${id}-kind`}
            className="select"
            value={list.kind ?? ''}
            onChange={(event) => {
              onChange({ ...list, kind: number(event.target.value), page: 1 });
            }}
          >
            <option value="">Все</option>
            <option value="1">Передачи</option>
            <option value="2">Песни</option>
          </select>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-draft`}>Показ</label>
        <select
          id={`${id}-draft`}
          className="select"
          value={list.draft ?? ''}
          onChange={(event) => {
            onChange({ ...list, draft: number(event.target.value), page: 1 });
          }}
        >
          <option value="">Все</option>
          <option value="0">Опубликовано</option>
          <option value="1">Премьера</option>
          <option value="2">Скрыто</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-media`}>Медиа</label>
        <select
          id={`${id}-media`}
          className="select"
          value={list.media ?? ''}
          onChange={(event) => {
            onChange({ ...list, media: medias.find((media) => media.value === event.target.value)?.value, page: 1 });
          }}
        >
          <option value="">Все</option>
          {medias.map((media) => (
            <option key={media.value} value={media.value}>
              {media.label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
