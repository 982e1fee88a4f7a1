// A radio's fields in a form: the same on adding one and on its page.
import type { RadioFields as Fields, StudioCategory } from '@efir/contract';
import type { UseFormReturn } from 'react-hook-form';
import { CategoryField, ShowingField } from '../../components/catalogue-fields.tsx';
import { SelectField, TextField } from '../../components/fields.tsx';

/** 1 a programme, 2 a song, as the contract numbers them. */
export const radioKinds = [
  { value: 1, label: 'Передача' },
  { value: 2, label: 'Песня' },
] as const;

export function kindLabel(kind: number): string {
  return radioKinds.find((entry) => entry.value === kind)?.label ?? String(kind);
}

export function RadioFields({
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
      <TextField label="Автор" registration={form.register('author')} error={errors.author} />
      <div className="form__row">
        <CategoryField
          registration={form.register('categoryId', { valueAsNumber: true })}
          error={errors.categoryId}
          categories={categories}
        />
        <SelectField
          label="Тип"
          registration={form.register('kind', { valueAsNumber: true })}
          error={errors.kind}
          choices={radioKinds}
        />
        <ShowingField registration={form.register('draft', { valueAsNumber: true })} error={errors.draft} />
      </div>
    </>
  );
}
