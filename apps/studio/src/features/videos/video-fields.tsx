// A video's fields in a form: the same on adding one and on its page.
import { ageRatings, type VideoFields as Fields } from '@efir/contract';
import { CategoryField, type ItemFieldsProps, ShowingField } from '../../components/catalogue-fields.tsx';
import { fieldOf, SelectField, TextAreaField, TextField } from '../../components/fields.tsx';

const ageRatingChoices = ageRatings.map((rating) => ({
  value: rating,
  label: rating === 99 ? 'Не показывать' : `${String(rating)}+`,
}));

export function VideoFields({ form, categories }: ItemFieldsProps<Fields>) {
  return (
    <>
      <TextField label="Название" {...fieldOf(form, 'name')} />
      <div className="form__row">
        <CategoryField {...fieldOf(form, 'categoryId', { valueAsNumber: true })} categories={categories} />
        <ShowingField {...fieldOf(form, 'draft', { valueAsNumber: true })} />
        <SelectField
          label="Возрастной рейтинг"
          {...fieldOf(form, 'ageRating', { valueAsNumber: true })}
          choices={ageRatingChoices}
        />
      </div>
      <TextAreaField label="Описание" {...fieldOf(form, 'description')} rows={3} />
      <TextAreaField label="Сюжет" {...fieldOf(form, 'plot')} rows={5} />
      <TextField
        label="Внешний плеер"
        hint="Адрес встраивания YouTube, Vimeo, Rutube или VK Видео (https://…/embed/…); пусто — свой плеер"
        {...fieldOf(form, 'externalEmbed')}
      />
    </>
  );
}
