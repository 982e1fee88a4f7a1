// A video's fields in a form: the same on adding one and on its page.
import { ageRatings, type StudioCategory, type VideoFields as Fields } from '@efir/contract';
import type { UseFormReturn } from 'react-hook-form';
import { CategoryField, ShowingField } from '../../components/catalogue-fields.tsx';
import { SelectField, TextAreaField, TextField } from '../../components/fields.tsx';

const ageRatingChoices = ageRatings.map((rating) => ({
  value: rating,
  label: rating === 99 ? 'Не показывать' : `${String(rating)}+`,
}));

export function VideoFields({
  form,
  categories,
}: {
  form: UseFormReturn<Fields, unknown, Fields>;
  categories: readonly StudioCategory[];
}) {
  const { errors } = form.formState;
  return (
    <>
      <TextField label="Название" registration={form.register('name')} error={errors.name} />
      <div className="form__row">
        <CategoryField
          registration={form.register('categoryId', { valueAsNumber: true })}
          error={errors.categoryId}
          categories={categories}
        />
        <ShowingField registration={form.register('draft', { valueAsNumber: true })} error={errors.draft} />
        <SelectField
          label="Возрастной рейтинг"
          registration={form.register('ageRating', { valueAsNumber: true })}
          error={errors.ageRating}
          choices={ageRatingChoices}
        />
      </div>
      <TextAreaField label="Описание" registration={form.register('description')} error={errors.description} rows={3} />
      <TextAreaField label="Сюжет" registration={form.register('plot')} error={errors.plot} rows={5} />
      <TextField
        label="Внешний плеер"
        hint="Адрес встраивания YouTube, Vimeo, Rutube или VK Видео (https://…/embed/…); пусто — свой плеер"
        registration={form.register('externalEmbed')}
        error={errors.externalEmbed}
      />
    </>
  );
}
