// The radio catalogue's listing groups, in the order the catalogue shows them: each a named set
// of radios picked by hand. Dragging a group saves the new order at once; adding, changing and
// removing groups.
import type { StudioRadioListing } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { RemoveDialog } from '../../components/dialog.tsx';
import { FormProblem } from '../../components/fields.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SortableList } from '../../components/sortable-list.tsx';
import { problemOf } from '../../lib/api.ts';
import { listQuery, useOrderEntries, useRemoveEntry } from '../../lib/ordered-calls.ts';
import { radioListingCalls } from './api.ts';
import { ListingDialog } from './listing-dialog.tsx';
import { Loaded } from '../../components/loaded.tsx';
import { ItemActions } from '../../components/item-actions.tsx';

export default function RadioListingsPage() {
  const listings = useQuery(listQuery(radioListingCalls));
  const order = useOrderEntries(radioListingCalls);
  const remove = useRemoveEntry(radioListingCalls);
  const [editing, setEditing] = useState<StudioRadioListing | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StudioRadioListing | null>(null);
  return (
    <>
      <PageHeader title="Подборки радио" about="Подборки передач и песен в каталоге радио, сверху вниз.">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setEditing('new');
          }}
        >
          <Plus size={16} aria-hidden="true" />
          Добавить подборку
        </button>
      </PageHeader>
      <section className="panel stack" aria-labelledby="radio-listings-list">
        <h2 id="radio-listings-list">Порядок подборок</h2>
        <p className="muted">
          Перетащите подборку за ручку или переставьте с клавиатуры: новый порядок сохраняется сразу.
        </p>
        <FormProblem problem={order.isError ? problemOf(order.error) : undefined} />
        <Loaded query={listings}>
          {(data) =>
            data.length === 0 ? (
              <p className="muted">Подборок пока нет.</p>
            ) : (
              <SortableList
                listLabel="Подборки радио"
                items={data}
                label={(listing) => listing.name}
                onReorder={(items) => {
                  order.mutate(items);
                }}
                render={(listing) => (
                  <>
                    <span className="sortable__body">
                      {listing.name}
                      <small>Выбрано: {listing.radios.length} радио</small>
                    </span>
                    <ItemActions
                      name={`«${listing.name}»`}
                      onEdit={() => {
                        setEditing(listing);
                      }}
                      onDelete={() => {
                        remove.reset();
                        setDeleting(listing);
                      }}
                    />
                  </>
                )}
              />
            )
          }
        </Loaded>
      </section>
      <ListingDialog
        listing={editing}
        onClose={() => {
          setEditing(null);
        }}
      />
      <RemoveDialog
        row={deleting}
        title="Удалить подборку?"
        message={(row) => `Подборка «${row.name}» пропадёт из каталога радио. Сами радио останутся.`}
        removed="Подборка удалена"
        remove={remove}
        onClose={() => {
          setDeleting(null);
        }}
      />
    </>
  );
}
