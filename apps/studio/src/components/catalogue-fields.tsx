// The fields every catalogue item has, a video or a radio: its category and where it shows.
import type { StudioCategory } from '@efir/contract';
import type { FieldError, FieldValues, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { SelectField } from './fields.tsx';

/** Where an item shows, as the contract numbers it (its `draft`). */
const showings = [
  { value: 0, label: 'Опубликовано — видно на сайте' },
  { value: 1, label: 'Премьера — появится после эфира' },
  { value: 2, label: 'Скрыто' },
] as const;

/** What a catalogue's own fields are given, on adding an item and on its page: the form, and the
 * catalogue's categories to choose from. */
export interface ItemFieldsProps<F extends FieldValues> {
  form: UseFormReturn<F, unknown, F>;
  categories: readonly StudioCategory[];
}

interface ChoiceProps {
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
}

export function CategoryField(props: ChoiceProps & { categories: readonly StudioCategory[] }) {
  return (
    <SelectField
      label="Рубрика"
      registration={props.registration}
      error={props.error}
      choices={props.categories.map((category) => ({ value: category.id, label: category.name }))}
    />
  );
}

export function ShowingField(props: ChoiceProps) {
  return <SelectField label="Показ" registration={props.registration} error={props.error} choices={showings} />;
}
