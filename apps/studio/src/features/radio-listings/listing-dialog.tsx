// Adding or changing a listing group: its name and the radios it holds, in their order.
import { radioListingFieldsSchema, showcaseLimits, type StudioRadioListing } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type EntryEditing, EntryForm } from '../../components/entry-form.tsx';
import { fieldOf, TextField } from '../../components/fields.tsx';
import { PickedItems, useFormPicks } from '../../components/picked-items.tsx';
import type { RadioListingFields } from './api.ts';

const radiosMax = showcaseLimits.listingRadios;

type ListingValues = z.input<typeof radioListingFieldsSchema>;

export function ListingForm({ editing }: { editing: EntryEditing<StudioRadioListing, RadioListingFields> }) {
  const listing = editing.entry;
  const form = useForm<ListingValues, unknown, RadioListingFields>({
    resolver: zodResolver(radioListingFieldsSchema),
    defaultValues: { name: listing?.name ?? '', radioIds: listing?.radios.map((radio) => radio.id) ?? [] },
  });
  const picks = useFormPicks(form, 'radioIds', 'radio', listing?.radios);
  return (
    <EntryForm
      form={form}
      editing={editing}
      outside={
        <PickedItems
          {...picks}
          max={radiosMax}
          words={{
            empty: 'Пока в подборке ничего нет: найдите радио по названию ниже.',
            listLabel: 'Радио в подборке',
            add: 'Добавить радио',
            full: `В подборке ${String(radiosMax)} радио — больше не поместится.`,
          }}
        />
      }
    >
      <TextField label="Название" {...fieldOf(form, 'name')} />
    </EntryForm>
  );
}
