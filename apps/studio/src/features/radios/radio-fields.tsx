// A radio's fields in a form: the same on adding one and on its page.
import type { RadioFields as Fields } from '@efir/contract';
import { CategoryField, type ItemFieldsProps, ShowingField } from '../../components/catalogue-fields.tsx';
import { fieldOf, SelectField, TextField } from '../../components/fields.tsx';

/** 1 a programme, 2 a song, as the contract numbers them. */
export const radioKinds = [
  { value: 1, label: 'Передача' },
  { value: 2, label: 'Песня' },
] as const;

export function kindLabel(kind: number): string {
  return radioKinds.find((entry) => entry.value === kind)?.label ?? String(kind);
}

export function RadioFields({ form, categories }: ItemFieldsProps<Fields>) {
  return (
    <>
      <TextField label="Название" {...fieldOf(form, 'name')} />
      <TextField label="Автор" {...fieldOf(form, 'author')} />
      <div className="form__row">
        <CategoryField {...fieldOf(form, 'categoryId', { valueAsNumber: true })} categories={categories} />
        <SelectField label="Тип" {...fieldOf(form, 'kind', { valueAsNumber: true })} choices={radioKinds} />
        <ShowingField {...fieldOf(form, 'draft', { valueAsNumber: true })} />
      </div>
    </>
  );
}
