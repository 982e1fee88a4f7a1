// Adding or changing a home row: its name and what it shows, a category's newest videos or videos
// picked by hand in their order; the picks are kept while the editor switches between the two, and
// only what the row shows is saved.
import { homeRowFieldsSchema, type StudioCategory, type StudioHomeRow } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Dialog } from '../../components/dialog.tsx';
import { FormProblem, SelectField, TextField } from '../../components/fields.tsx';
import { ItemPicker } from '../../components/item-picker.tsx';
import { SortableList } from '../../components/sortable-list.tsx';
import { useToast } from '../../components/toasts.tsx';
import { problemOf } from '../../lib/api.ts';
import { type HomeRowFields, useSaveHomeRow } from './api.ts';

/** The contract's limit of picked videos in a row. */
const picksMax = 50;

const rowFormSchema = z
  .object({
    name: z.string(),
    shows: z.enum(['category', 'picks']),
    categoryId: z.string(),
    videoIds: z.array(z.number()),
  })
  .refine((form) => form.shows === 'picks' || form.categoryId !== '', {
    message: 'Выберите рубрику',
    path: ['categoryId'],
  })
  .transform((form): z.input<typeof homeRowFieldsSchema> => ({
    name: form.name,
    categoryId: form.shows === 'category' ? Number(form.categoryId) : null,
    videoIds: form.shows === 'picks' ? form.videoIds : [],
  }))
  .pipe(homeRowFieldsSchema);
type RowForm = z.input<typeof rowFormSchema>;

export function HomeRowDialog(props: {
  row: StudioHomeRow | 'new' | null;
  categories: readonly StudioCategory[];
  onClose: () => void;
}) {
  const { row } = props;
  return (
    <Dialog open={row !== null} title={row === 'new' ? 'Новый ряд' : 'Изменить ряд'} onClose={props.onClose}>
      {row === null ? null : (
        <HomeRowForm row={row === 'new' ? undefined : row} categories={props.categories} onClose={props.onClose} />
      )}
    </Dialog>
  );
}

function HomeRowForm({
  row,
  categories,
  onClose,
}: {
  row: StudioHomeRow | undefined;
  categories: readonly StudioCategory[];
  onClose: () => void;
}) {
  const formId = useId();
  const form = useForm<RowForm, unknown, HomeRowFields>({
    resolver: zodResolver(rowFormSchema),
    defaultValues: {
      name: row?.name ?? '',
      shows: row !== undefined && row.categoryId === null ? 'picks' : 'category',
      categoryId: row === undefined || row.categoryId === null ? '' : String(row.categoryId),
      videoIds: row?.videos.map((video) => video.id) ?? [],
    },
  });
  const shows = useWatch({ control: form.control, name: 'shows' });
  const videoIds = useWatch({ control: form.control, name: 'videoIds' });
  const [names, setNames] = useState(() => new Map(row?.videos.map((video) => [video.id, video.name])));
  const save = useSaveHomeRow(row?.id ?? null);
  const toast = useToast();
  const { errors, isSubmitted } = form.formState;
  const setPicks = (ids: number[]): void => {
    form.setValue('videoIds', ids, { shouldDirty: true, shouldValidate: isSubmitted });
  };
  const picks = videoIds.map((id) => ({ id, name: names.get(id) ?? `Видео № ${String(id)}` }));
  return (
    <>
      {/* The picks and their search stay outside the form: Enter in the search must not save. */}
      <form
        id={formId}
        className="form"
        noValidate
        onSubmit={form.handleSubmit((values) => {
          save.mutate(values, {
            onSuccess: () => {
              toast(row === undefined ? 'Ряд добавлен' : 'Ряд сохранён');
              onClose();
            },
          });
        })}
      >
        <TextField label="Название" registration={form.register('name')} error={errors.name} />
        <fieldset className="home-row-shows">
          <legend>Что показывает ряд</legend>
          <label className="checkbox">
            <input type="radio" value="category" {...form.register('shows')} />
            Новые видео рубрики
          </label>
          <label className="checkbox">
            <input type="radio" value="picks" {...form.register('shows')} />
            Выбранные видео
          </label>
        </fieldset>
        {shows === 'category' ? (
          <SelectField
            label="Рубрика"
            hint={categories.length === 0 ? 'Рубрик пока нет: сначала заведите их в разделе «Рубрики»' : undefined}
            registration={form.register('categoryId')}
            error={errors.categoryId}
          >
            <option value="">Выберите рубрику</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </SelectField>
        ) : null}
      </form>
      {shows === 'picks' ? (
        <div className="stack">
          {picks.length === 0 ? (
            <p className="muted">Пока ничего не выбрано: найдите видео по названию ниже.</p>
          ) : (
            <SortableList
              listLabel="Выбранные видео"
              items={picks}
              label={(video) => video.name}
              onReorder={(items) => {
                setPicks(items.map((video) => video.id));
              }}
              render={(video) => (
                <>
                  <span className="sortable__body">
                    {video.name}
                    <small>№ {video.id}</small>
                  </span>
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Убрать «${video.name}»`}
                    onClick={() => {
                      setPicks(videoIds.filter((id) => id !== video.id));
                    }}
                  >
                    Убрать
                  </button>
                </>
              )}
            />
          )}
          {errors.videoIds?.message === undefined ? null : (
            <p className="field__error" role="alert">
              {errors.videoIds.message}
            </p>
          )}
          {picks.length < picksMax ? (
            <ItemPicker
              kind="video"
              label="Добавить видео"
              taken={videoIds}
              onPick={(video) => {
                setNames((known) => new Map(known).set(video.id, video.name));
                setPicks([...videoIds, video.id]);
              }}
            />
          ) : (
            <p className="muted">В ряду {picksMax} видео — больше не поместится.</p>
          )}
        </div>
      ) : null}
      <FormProblem problem={save.isError ? problemOf(save.error) : undefined} />
      <div className="dialog__footer">
        <button type="button" className="button" onClick={onClose}>
          Отмена
        </button>
        <button type="submit" form={formId} className="button button--primary" disabled={save.isPending}>
          Сохранить
        </button>
      </div>
    </>
  );
}
