// The home page's catalogue rows, top to bottom: each shows a category's newest videos or videos
// picked by hand. Dragging a row saves the new order at once; adding, changing and removing rows.
import type { StudioHomeRow } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { RemoveDialog } from '../../components/dialog.tsx';
import { FormProblem } from '../../components/fields.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SortableList } from '../../components/sortable-list.tsx';
import { problemOf } from '../../lib/api.ts';
import { listQuery, useOrderEntries, useRemoveEntry } from '../../lib/ordered-calls.ts';
import { homeRowCalls, videoCategoriesQuery } from './api.ts';
import { HomeRowDialog } from './home-row-dialog.tsx';
import './home-rows.css';
import { Loaded } from '../../components/loaded.tsx';
import { ItemActions } from '../../components/item-actions.tsx';

export default function HomeRowsPage() {
  const rows = useQuery(listQuery(homeRowCalls));
  const categories = useQuery(videoCategoriesQuery);
  const order = useOrderEntries(homeRowCalls);
  const remove = useRemoveEntry(homeRowCalls);
  const [editing, setEditing] = useState<StudioHomeRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StudioHomeRow | null>(null);
  const categoryName = new Map((categories.data ?? []).map((category) => [category.id, category.name]));
  const shows = (row: StudioHomeRow): string =>
    row.categoryId === null
      ? `Выбрано: ${String(row.videos.length)} видео`
      : `Рубрика: ${categoryName.get(row.categoryId) ?? `№ ${String(row.categoryId)}`}`;
  return (
    <>
      <PageHeader title="Ряды главной" about="Ряды видео на главной странице сайта, сверху вниз.">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setEditing('new');
          }}
        >
          <Plus size={16} aria-hidden="true" />
          Добавить ряд
        </button>
      </PageHeader>
      <section className="panel stack" aria-labelledby="home-rows-list">
        <h2 id="home-rows-list">Порядок рядов</h2>
        <p className="muted">Перетащите ряд за ручку или переставьте с клавиатуры: новый порядок сохраняется сразу.</p>
        <FormProblem problem={order.isError ? problemOf(order.error) : undefined} />
        <Loaded query={rows}>
          {(data) =>
            data.length === 0 ? (
              <p className="muted">Рядов пока нет.</p>
            ) : (
              <SortableList
                listLabel="Ряды главной"
                items={data}
                label={(row) => row.name}
                onReorder={(items) => {
                  order.mutate(items);
                }}
                render={(row) => (
                  <>
                    <span className="sortable__body">
                      {row.name}
                      <small>{shows(row)}</small>
                    </span>
                    <ItemActions
                      name={`«${row.name}»`}
                      onEdit={() => {
                        setEditing(row);
                      }}
                      onDelete={() => {
                        remove.reset();
                        setDeleting(row);
                      }}
                    />
                  </>
                )}
              />
            )
          }
        </Loaded>
      </section>
      <HomeRowDialog
        row={editing}
        categories={categories.data ?? []}
        onClose={() => {
          setEditing(null);
        }}
      />
      <RemoveDialog
        row={deleting}
        title="Удалить ряд?"
        message={(row) => `Ряд «${row.name}» пропадёт с главной. Сами видео останутся в каталоге.`}
        removed="Ряд удалён"
        remove={remove}
        onClose={() => {
          setDeleting(null);
        }}
      />
    </>
  );
}
