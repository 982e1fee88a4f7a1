// Adding or changing a home row: its name and what it shows, a category's newest videos or videos
// picked by hand in their order; the picks are kept while the editor switches between the two, and
// only what the row shows is saved.
import { homeRowFieldsSchema, showcaseLimits, type StudioCategory, type StudioHomeRow } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { type EntryEditing, EntryForm } from '../../components/entry-form.tsx';
import { fieldOf, SelectField, TextField } from '../../components/fields.tsx';
import { PickedItems, useFormPicks } from '../../components/picked-items.tsx';
import type { HomeRowFields } from './api.ts';

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

export function HomeRowForm({
  editing,
  categories,
}: {
  editing: EntryEditing<StudioHomeRow, HomeRowFields>;
  categories: readonly StudioCategory[];
}) {
  const row = editing.entry;
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
  const picks = useFormPicks(form, 'videoIds', 'video', row?.videos);
  return (
    <EntryForm
      form={form}
      editing={editing}
      outside={
        shows === 'picks' ? (
          <PickedItems
            {...picks}
            max={picksMax}
            words={{
              empty: 'Пока ничего не выбрано: найдите видео по названию ниже.',
              listLabel: 'Выбранные видео',
              add: 'Добавить видео',
              full: `В ряду ${String(picksMax)} видео — больше не поместится.`,
            }}
          />
        ) : null
      }
    >
      <TextField label="Название" {...fieldOf(form, 'name')} />
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
          {...fieldOf(form, 'categoryId')}
          choices={categories.map((category) => ({ value: category.id, label: category.name }))}
        >
          <option value="">Выберите рубрику</option>
        </SelectField>
      ) : null}
    </EntryForm>
  );
}
