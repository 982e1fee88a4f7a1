// The screen of a list the studio keeps in order (the home page's rows, the radio listings, the
// polls): its entries, dragged or moved from the keyboard into a new order that is saved at once,
// an add button, each entry's change and removal. Each list brings its calls, its dialog and words.
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { problemOf } from '../lib/api.ts';
import { listQuery, type OrderedCalls, useOrderEntries, useRemoveEntry } from '../lib/ordered-calls.ts';
import { RemoveDialog } from './dialog.tsx';
import { FormProblem } from './fields.tsx';
import { ItemActions } from './item-actions.tsx';
import { Loaded } from './loaded.tsx';
import { AddButton, PageHeader } from './page-header.tsx';
import { SortableList } from './sortable-list.tsx';

export function OrderedListScreen<E extends { id: number }, F>(props: {
  calls: OrderedCalls<E, F>;
  title: string;
  about: string;
  /** The add button's words. */
  add: string;
  /** The list's name for assistive technology, and the start of its heading's id. */
  listLabel: string;
  slug: string;
  /** «Порядок опросов», and how to change it. */
  heading: string;
  hint: string;
  empty: string;
  /** An entry's name, as the drag handle says it. */
  label: (entry: E) => string;
  /** An entry as the list shows it. */
  body: (entry: E) => ReactNode;
  /** An entry as its buttons name it: «Название», or «опрос «Вопрос»». */
  actionName: (entry: E) => string;
  /** The dialog that adds an entry ('new') or changes one; null keeps it closed. */
  dialog: (editing: E | 'new' | null, onClose: () => void) => ReactNode;
  removal: { title: string; message: (entry: E) => string; removed: string };
}) {
  const { calls } = props;
  const entries = useQuery(listQuery(calls));
  const order = useOrderEntries(calls);
  const remove = useRemoveEntry(calls);
  const [editing, setEditing] = useState<E | 'new' | null>(null);
  const [removing, setRemoving] = useState<E | null>(null);
  const headingId = `${props.slug}-list`;
  return (
    <>
      <PageHeader title={props.title} about={props.about}>
        <AddButton
          label={props.add}
          onClick={() => {
            setEditing('new');
          }}
        />
      </PageHeader>
      <section className="panel stack" aria-labelledby={headingId}>
        <h2 id={headingId}>{props.heading}</h2>
        <p className="muted">{props.hint}</p>
        <FormProblem problem={order.isError ? problemOf(order.error) : undefined} />
        <Loaded query={entries}>
          {(data) =>
            data.length === 0 ? (
              <p className="muted">{props.empty}</p>
            ) : (
              <SortableList
                listLabel={props.listLabel}
                items={data}
                label={props.label}
                onReorder={(items) => {
                  order.mutate(items);
                }}
                render={(entry) => (
                  <>
                    <span className="sortable__body">{props.body(entry)}</span>
                    <ItemActions
                      name={props.actionName(entry)}
                      onEdit={() => {
                        setEditing(entry);
                      }}
                      onDelete={() => {
                        remove.reset();
                        setRemoving(entry);
                      }}
                    />
                  </>
                )}
              />
            )
          }
        </Loaded>
      </section>
      {props.dialog(editing, () => {
        setEditing(null);
      })}
      <RemoveDialog
        row={removing}
        title={props.removal.title}
        message={props.removal.message}
        removed={props.removal.removed}
        remove={remove}
        onClose={() => {
          setRemoving(null);
        }}
      />
    </>
  );
}
