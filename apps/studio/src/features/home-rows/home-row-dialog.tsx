// Adding or changing a home row: its name and what it shows, a category's newest videos or videos
// picked by hand in their order; the picks are kept while the editor switches between the two, and
// only what the row shows is saved.
import { homeRowFieldsSchema, showcaseLimits, type StudioCategory, type StudioHomeRow } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Dialog, FormFooter } from '../../components/dialog.tsx';
import { FormProblem, SelectField, TextField } from '../../components/fields.tsx';
import { PickedItems } from '../../components/picked-items.tsx';
import { useToast } from '../../components/toasts.tsx';
import { problemOf } from '../../lib/api.ts';
import { useSaveEntry } from '../../lib/ordered-calls.ts';
import { homeRowCalls, type HomeRowFields } from './api.ts';

const picksMax = showcaseLimits.homeRowVideos;

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
  const save = useSaveEntry(homeRowCalls, row?.id ?? null);
  const toast = useToast();
  const { errors, isSubmitted } = form.formState;
  const setPicks = (ids: number[]): void => {
    form.setValue('videoIds', ids, { shouldDirty: true, shouldValidate: isSubmitted });
  };
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
            choices={categories.map((category) => ({ value: category.id, label: category.name }))}
          >
            <option value="">Выберите рубрику</option>
          </SelectField>
        ) : null}
      </form>
      {shows === 'picks' ? (
        <PickedItems
          kind="video"
          ids={videoIds}
          names={names}
          onNamed={(id, name) => {
            setNames((known) => new Map(known).set(id, name));
          }}
          max={picksMax}
          onChange={setPicks}
          error={errors.videoIds?.message}
          words={{
            empty: 'Пока ничего не выбрано: найдите видео по названию ниже.',
            listLabel: 'Выбранные видео',
            add: 'Добавить видео',
            full: `В ряду ${String(picksMax)} видео — больше не поместится.`,
            unnamed: (id) => `Видео № ${String(id)}`,
          }}
        />
      ) : null}
      <FormProblem problem={save.isError ? problemOf(save.error) : undefined} />
      <FormFooter onCancel={onClose} submit="Сохранить" busy={save.isPending} form={formId} />
    </>
  );
}
