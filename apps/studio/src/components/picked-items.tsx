// Catalogue items picked by hand, in their order: dragged into place, removed one by one, added
// from a search of the catalogue up to a limit.
import { useState } from 'react';
import {
  type FieldError,
  type FieldPathByValue,
  type FieldValues,
  get,
  type PathValue,
  type UseFormReturn,
  useWatch,
} from 'react-hook-form';
import { ListProblem } from './fields.tsx';
import { ItemName, ItemPicker, type PickedItem } from './item-picker.tsx';
import { RemovableList } from './sortable-list.tsx';

export interface PickedItemsWords {
  /** Said while nothing is picked. */
  empty: string;
  /** The list's name for assistive technology. */
  listLabel: string;
  /** The search's label. */
  add: string;
  /** Said once the limit is reached. */
  full: string;
}

/** The picks, the form's message for them if any, and the search that adds more. */
export function PickedList(props: {
  kind: 'video' | 'radio';
  /** Radios of one kind only (1 programmes, 2 songs). */
  radioKind?: 1 | 2;
  items: PickedItem[];
  max: number;
  onChange: (items: PickedItem[]) => void;
  error?: string | undefined;
  words: PickedItemsWords;
}) {
  const { items, words, onChange } = props;
  return (
    <>
      {items.length === 0 ? (
        <p className="muted">{words.empty}</p>
      ) : (
        <RemovableList
          listLabel={words.listLabel}
          items={items}
          label={(item) => item.name}
          render={(item) => <ItemName item={item} />}
          onChange={onChange}
        />
      )}
      <ListProblem problem={props.error} />
      {items.length < props.max ? (
        <ItemPicker
          kind={props.kind}
          radioKind={props.radioKind}
          label={words.add}
          taken={items.map((item) => item.id)}
          onPick={(item) => {
            onChange([...items, item]);
          }}
        />
      ) : (
        <p className="muted">{words.full}</p>
      )}
    </>
  );
}

/** A form's picks, kept by the form as ids in its field `name`, as the list shows and changes them:
 * each by its name, known from the entry the form changes or from the search that picked it (kept
 * here, so that it outlives the list while it is hidden), else by its number. */
export function useFormPicks<V extends FieldValues, F>(
  form: UseFormReturn<V, unknown, F>,
  name: FieldPathByValue<V, number[] | undefined>,
  kind: 'video' | 'radio',
  saved: readonly PickedItem[] | undefined,
): Pick<Parameters<typeof PickedList>[0], 'kind' | 'items' | 'onChange' | 'error'> {
  const [names, setNames] = useState(() => new Map(saved?.map((item) => [item.id, item.name])));
  const ids: readonly number[] = useWatch({ control: form.control, name }) ?? [];
  const { errors, isSubmitted } = form.formState;
  const unnamed = kind === 'video' ? 'Видео' : 'Радио';
  return {
    kind,
    items: ids.map((id) => ({ id, name: names.get(id) ?? `${unnamed} № ${String(id)}` })),
    onChange: (items) => {
      setNames((known) => new Map([...known, ...items.map((item) => [item.id, item.name] as const)]));
      const picked = items.map((item) => item.id) as PathValue<V, typeof name>;
      form.setValue(name, picked, { shouldDirty: true, shouldValidate: isSubmitted });
    },
    error: get<typeof errors, FieldError | undefined>(errors, name)?.message,
  };
}

/** A form's picks in a dialog: the list and its search, stacked. */
export function PickedItems(props: Parameters<typeof PickedList>[0]) {
  return (
    <div className="stack">
      <PickedList {...props} />
    </div>
  );
}
