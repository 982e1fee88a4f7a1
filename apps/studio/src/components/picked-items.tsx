// Catalogue items picked by hand, in their order: dragged into place, removed one by one, added
// from a search of the catalogue up to a limit.
import { ItemPicker } from './item-picker.tsx';
import { SortableList } from './sortable-list.tsx';

export interface PickedItemsWords {
  /** Said while nothing is picked. */
  empty: string;
  /** The list's name for assistive technology. */
  listLabel: string;
  /** The search's label. */
  add: string;
  /** Said once the limit is reached. */
  full: string;
  /** An item whose name is not known (a picked item since removed from the catalogue). */
  unnamed: (id: number) => string;
}

export function PickedItems(props: {
  kind: 'video' | 'radio';
  ids: readonly number[];
  /** The names known: the edited row's items' and those added since (kept by the form, so they
   * outlive this list while it is hidden). */
  names: ReadonlyMap<number, string>;
  onNamed: (id: number, name: string) => void;
  max: number;
  onChange: (ids: number[]) => void;
  /** The form's message for the list, if any. */
  error: string | undefined;
  words: PickedItemsWords;
}) {
  const { ids, words } = props;
  const picks = ids.map((id) => ({ id, name: props.names.get(id) ?? words.unnamed(id) }));
  return (
    <div className="stack">
      {picks.length === 0 ? (
        <p className="muted">{words.empty}</p>
      ) : (
        <SortableList
          listLabel={words.listLabel}
          items={picks}
          label={(item) => item.name}
          onReorder={(items) => {
            props.onChange(items.map((item) => item.id));
          }}
          render={(item) => (
            <>
              <span className="sortable__body">
                {item.name}
                <small>№ {item.id}</small>
              </span>
              <button
                type="button"
                className="button button--small"
                aria-label={`Убрать «${item.name}»`}
                onClick={() => {
                  props.onChange(ids.filter((id) => id !== item.id));
                }}
              >
                Убрать
              </button>
            </>
          )}
        />
      )}
      {props.error === undefined ? null : (
        <p className="field__error" role="alert">
          {props.error}
        </p>
      )}
      {picks.length < props.max ? (
        <ItemPicker
          kind={props.kind}
          label={words.add}
          taken={ids}
          onPick={(item) => {
            props.onNamed(item.id, item.name);
            props.onChange([...ids, item.id]);
          }}
        />
      ) : (
        <p className="muted">{words.full}</p>
      )}
    </div>
  );
}
