// A video's fields in a form: the same on adding one and on its page.
import { ageRatings, type StudioCategory, type VideoFields as Fields } from '@efir/contract';
import type { UseFormReturn } from 'react-hook-form';
import { SelectField, TextAreaField, TextField } from '../../components/fields.tsx';

export const draftOptions = [
  { value: 0, label: 'Опубликовано — видно на сайте' },
  { value: 1, label: 'Премьера — появится после эфира' },
  { value: 2, label: 'Скрыто' },
] as const;

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
        <SelectField
          label="Рубрика"
          registration={form.register('categoryId', { valueAsNumber: true })}
          error={errors.categoryId}
        >
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Показ" registration={form.register('draft', { valueAsNumber: true })} error={errors.draft}>
          {draftOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Возрастной рейтинг"
          registration={form.register('ageRating', { valueAsNumber: true })}
          error={errors.ageRating}
        >
          {ageRatings.map((rating) => (
            <option key={rating} value={rating}>
              {rating === 99 ? 'Не показывать' : `${String(rating)}+`}
            </option>
          ))}
        </SelectField>
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
