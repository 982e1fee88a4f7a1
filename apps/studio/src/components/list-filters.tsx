// The filters above a catalogue list: a search box and the category, show and media filters.
import type { StudioCategory } from '@efir/contract';
import { useEffect, useRef, useState } from 'react';
import type { ListQuery } from '../lib/list-query.ts';
import { type Choice, Choices, Field, SearchField } from './fields.tsx';

const medias = [
  { value: 'ready', label: 'Готово' },
  { value: 'preparing', label: 'Готовится' },
  { value: 'failed', label: 'Ошибка' },
  { value: 'none', label: 'Нет медиа' },
] as const;

const kinds = [
  { value: 1, label: 'Передачи' },
  { value: 2, label: 'Песни' },
];

const drafts = [
  { value: 0, label: 'Опубликовано' },
  { value: 1, label: 'Премьера' },
  { value: 2, label: 'Скрыто' },
];

export function ListFilters<S extends string>(props: {
  list: ListQuery<S>;
  categories: readonly StudioCategory[];
  onChange: (list: ListQuery<S>) => void;
  /** Radios: programmes or songs. */
  withKind?: boolean;
}) {
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
  /** A numbered filter's change: the list from its first page, that filter set or («Все») not. */
  const filterBy =
    (key: 'category' | 'kind' | 'draft') =>
    (value: string): void => {
      onChange({ ...list, [key]: value === '' ? undefined : Number(value), page: 1 });
    };
  return (
    <div className="filters" role="search">
      <SearchField label="Поиск по названию" grow text={text} onText={setText} />
      <FilterSelect
        label="Рубрика"
        value={list.category}
        choices={props.categories.map((category) => ({ value: category.id, label: category.name }))}
        onChange={filterBy('category')}
      />
      {props.withKind === true ? (
        <FilterSelect label="Тип" value={list.kind} choices={kinds} onChange={filterBy('kind')} />
      ) : null}
      <FilterSelect label="Показ" value={list.draft} choices={drafts} onChange={filterBy('draft')} />
      <FilterSelect
        label="Медиа"
        value={list.media}
        choices={medias}
        onChange={(value) => {
          onChange({ ...list, media: medias.find((media) => media.value === value)?.value, page: 1 });
        }}
      />
    </div>
  );
}

/** One filter's select: «Все» first, which filters nothing, then its choices. */
function FilterSelect(props: {
  label: string;
  value: string | number | undefined;
  choices: readonly Choice[];
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label={props.label}
      control={({ id }) => (
        <select
          id={id}
          className="select"
          value={props.value ?? ''}
          onChange={(event) => {
            props.onChange(event.target.value);
          }}
        >
          <option value="">Все</option>
          <Choices choices={props.choices} />
        </select>
      )}
    />
  );
}
