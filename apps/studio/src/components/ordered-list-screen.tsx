// The screen of a list the studio keeps in order (the home page's rows, the radio listings, the
// polls): its entries, dragged or moved from the keyboard into a new order that is saved at once,
// an add button, each entry's change and removal. Each list brings its calls, its form and words.
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { listQuery, type OrderedCalls, useOrderEntries, useRemoveEntry } from '../lib/ordered-calls.ts';
import { Dialog, RemoveDialog } from './dialog.tsx';
import type { EntryEditing } from './entry-form.tsx';
import { CallProblem } from './fields.tsx';
import { ItemActions } from './item-actions.tsx';
import { Loaded } from './loaded.tsx';
import { AddButton, PageHeader } from './page-header.tsx';
import { SortableList } from './sortable-list.tsx';

export function OrderedListScreen<E extends { id: number }, F>(props: {
  calls: OrderedCalls<E, F>;
  /** The screen's title, and the list's name for assistive technology. */
  title: string;
  about: string;
  /** The add button's words. */
  add: string;
  /** The start of the list's heading's id. */
  slug: string;
  /** «Порядок опросов». */
  heading: string;
  /** An entry as the screen's sentences name it, in the accusative: «ряд», «подборку», «опрос». */
  one: string;
  empty: string;
  /** An entry's name, as the drag handle says it. */
  label: (entry: E) => string;
  /** An entry as the list shows it. */
  body: (entry: E) => ReactNode;
  /** An entry as its buttons name it: «Название», or «опрос «Вопрос»». */
  actionName: (entry: E) => string;
  /** The dialog's title when adding an entry, what it says once one is added or changed, and its
   * form. */
  dialog: {
    add: string;
    added: string;
    changed: string;
    form: (editing: EntryEditing<E, F>) => ReactNode;
  };
  removal: { message: (entry: E) => string; removed: string };
}) {
  const { calls } = props;
  const entries = useQuery(listQuery(calls));
  const order = useOrderEntries(calls);
  const remove = useRemoveEntry(calls);
  const [editing, setEditing] = useState<E | 'new' | null>(null);
  const [removing, setRemoving] = useState<E | null>(null);
  const headingId = `${props.slug}-list`;
  const closeDialog = (): void => {
    setEditing(null);
  };
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
        <p className="muted">{`Перетащите ${props.one} за ручку или переставьте с клавиатуры: новый порядок сохраняется сразу.`}</p>
        <CallProblem call={order} />
        <Loaded query={entries}>
          {(data) =>
            data.length === 0 ? (
              <p className="muted">{props.empty}</p>
            ) : (
              <SortableList
                listLabel={props.title}
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
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? props.dialog.add : `Изменить ${props.one}`}
        onClose={closeDialog}
      >
        {editing === null
          ? null
          : props.dialog.form({
              entry: editing === 'new' ? undefined : editing,
              calls,
              saved: editing === 'new' ? props.dialog.added : props.dialog.changed,
              onClose: closeDialog,
            })}
      </Dialog>
      <RemoveDialog
        row={removing}
        title={`Удалить ${props.one}?`}
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
