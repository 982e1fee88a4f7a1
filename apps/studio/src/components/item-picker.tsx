// Finding a video or a radio by name to add to a list (a home row, a listing group, the popular
// picks, a slide): a search box and the first matches, each with an «add» button.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { callKey, studio } from '../lib/api.ts';
import { SearchField } from './fields.tsx';

export interface PickedItem {
  id: number;
  name: string;
}

export function ItemPicker(props: {
  kind: 'video' | 'radio';
  label: string;
  /** Items already in the list: shown but not offered again. */
  taken: readonly number[];
  onPick: (item: PickedItem) => void;
  /** Radios of one kind only (1 programmes, 2 songs). */
  radioKind?: 1 | 2;
}) {
  const [text, setText] = useState('');
  const q = useDeferredValue(text.trim());
  const query = {
    q,
    size: 10,
    sort: 'name',
    order: 'asc',
    ...(props.radioKind === undefined ? {} : { kind: props.radioKind }),
  } as const;
  const found = useQuery({
    queryKey: callKey(props.kind === 'video' ? 'videos' : 'radios', { query }),
    queryFn: async ({ signal }) =>
      props.kind === 'video'
        ? (await studio('videos', { query, signal })).results
        : (await studio('radios', { query, signal })).results,
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
  const results = q === '' ? [] : (found.data ?? []);
  return (
    <SearchField label={props.label} placeholder="Начните вводить название" text={text} onText={setText}>
      {results.length > 0 ? (
        <ul className="sortable" aria-label="Найдено">
          {results.map((item) => {
            const taken = props.taken.includes(item.id);
            return (
              <li key={item.id} className="sortable__item">
                <ItemName item={item} />
                <button
                  type="button"
                  className="button button--small"
                  disabled={taken}
                  onClick={() => {
                    props.onPick({ id: item.id, name: item.name });
                  }}
                >
                  <Plus size={14} aria-hidden="true" />
                  {taken ? 'Уже в списке' : 'Добавить'}
                </button>
              </li>
            );
          })}
        </ul>
      ) : q !== '' && found.isSuccess ? (
        <span className="field__hint">Ничего не нашлось.</span>
      ) : null}
    </SearchField>
  );
}

/** An item as the lists of picks show it: its name, and its number to tell namesakes apart. */
export function ItemName({ item }: { item: PickedItem }) {
  return (
    <span className="sortable__body">
      {item.name}
      <small>№ {item.id}</small>
    </span>
  );
}
