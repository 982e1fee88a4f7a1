// The categories of both catalogues side by side: their order on the site (dragged or moved from
// the keyboard, saved at once), renaming, removing an empty one, and adding one.
import { type StudioCategory, studioCalls } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog, RemoveDialog } from '../../components/dialog.tsx';
import { fieldOf, FormProblem, TextField } from '../../components/fields.tsx';
import { Loaded } from '../../components/loaded.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SortableList } from '../../components/sortable-list.tsx';
import { useToast } from '../../components/toasts.tsx';
import { problemOf } from '../../lib/api.ts';
import { plural } from '../../lib/format.ts';
import {
  type CategoryKind,
  categoriesQuery,
  useAddCategory,
  useDeleteCategory,
  useOrderCategories,
  useRenameCategory,
} from './api.ts';
import { ItemActions } from '../../components/item-actions.tsx';

// Both kinds take the same body: the one schema the server checks a name with.
const nameSchema = studioCalls.videoCategoryAdd.body;
interface NameFields {
  name: string;
}

function holds(kind: CategoryKind, items: number): string {
  if (items === 0) return 'Пустая';
  return kind === 'video'
    ? `${String(items)} видео`
    : `${String(items)} ${plural(items, 'запись', 'записи', 'записей')}`;
}

/** A category's name: a new one's, or a new name for one. */
function NameForm(props: {
  label: string;
  submit: string;
  name: string;
  busy: boolean;
  problem: string | undefined;
  onSave: (name: string, done: () => void) => void;
  onCancel?: () => void;
}) {
  const form = useForm<NameFields, unknown, NameFields>({
    resolver: zodResolver(nameSchema),
    defaultValues: { name: props.name },
  });
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        void form.handleSubmit((values) => {
          props.onSave(values.name, () => {
            form.reset({ name: '' });
          });
        })(event);
      }}
    >
      <TextField label={props.label} {...fieldOf(form, 'name')} />
      <FormProblem problem={props.problem} />
      <div className={props.onCancel === undefined ? 'row' : 'dialog__footer'}>
        {props.onCancel === undefined ? null : (
          <button type="button" className="button" onClick={props.onCancel}>
            Отмена
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={props.busy}>
          {props.onCancel === undefined ? <Plus size={16} aria-hidden="true" /> : null}
          {props.submit}
        </button>
      </div>
    </form>
  );
}

function CategoriesPanel({ kind, title }: { kind: CategoryKind; title: string }) {
  const headingId = useId();
  const categories = useQuery(categoriesQuery(kind));
  const add = useAddCategory(kind);
  const rename = useRenameCategory(kind);
  const remove = useDeleteCategory(kind);
  const order = useOrderCategories(kind);
  const toast = useToast();
  const [renaming, setRenaming] = useState<StudioCategory | undefined>();
  const [deleting, setDeleting] = useState<StudioCategory | null>(null);
  return (
    <section className="panel stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <Loaded query={categories}>
        {(list) =>
          list.length === 0 ? (
            <p className="muted">Рубрик пока нет.</p>
          ) : (
            <SortableList
              items={list}
              listLabel={`${title}: порядок на сайте`}
              label={(category) => category.name}
              onReorder={(items) => {
                order.mutate(items, {
                  onSuccess: () => {
                    toast('Порядок сохранён');
                  },
                });
              }}
              render={(category) => (
                <>
                  <span className="sortable__body">
                    {category.name}
                    <small>{holds(kind, category.items)}</small>
                  </span>
                  <ItemActions
                    name={`«${category.name}»`}
                    edit="Переименовать"
                    onEdit={() => {
                      rename.reset();
                      setRenaming(category);
                    }}
                    onDelete={() => {
                      remove.reset();
                      setDeleting(category);
                    }}
                  />
                </>
              )}
            />
          )
        }
      </Loaded>
      <FormProblem problem={order.isError ? `Порядок не сохранён: ${problemOf(order.error)}` : undefined} />
      <NameForm
        label="Новая рубрика"
        submit="Добавить"
        name=""
        busy={add.isPending}
        problem={add.isError ? problemOf(add.error) : undefined}
        onSave={(name, done) => {
          add.mutate(name, {
            onSuccess: (added) => {
              done();
              toast(`Рубрика «${added.name}» добавлена`);
            },
          });
        }}
      />
      <Dialog
        open={renaming !== undefined}
        title="Переименовать рубрику"
        narrow
        onClose={() => {
          setRenaming(undefined);
        }}
      >
        {renaming === undefined ? null : (
          <NameForm
            key={renaming.id}
            label="Название"
            submit="Сохранить"
            name={renaming.name}
            busy={rename.isPending}
            problem={rename.isError ? problemOf(rename.error) : undefined}
            onSave={(name) => {
              rename.mutate(
                { id: renaming.id, name },
                {
                  onSuccess: () => {
                    setRenaming(undefined);
                    toast('Рубрика переименована');
                  },
                },
              );
            }}
            onCancel={() => {
              setRenaming(undefined);
            }}
          />
        )}
      </Dialog>
      <RemoveDialog
        row={deleting}
        title="Удалить рубрику?"
        message={(category) => `Рубрика «${category.name}» пропадёт с сайта. Удалить можно только пустую рубрику.`}
        removed="Рубрика удалена"
        remove={remove}
        onClose={() => {
          setDeleting(null);
        }}
      />
    </section>
  );
}

export default function CategoriesPage() {
  return (
    <>
      <PageHeader
        title="Рубрики"
        about="Рубрики каталогов видео и радио в том порядке, в каком их видят на сайте. Перетащите рубрику за ручку или переставьте с клавиатуры — порядок сохранится сразу."
      />
      <div className="grid-2">
        <CategoriesPanel kind="video" title="Рубрики видео" />
        <CategoriesPanel kind="radio" title="Рубрики радио" />
      </div>
    </>
  );
}
