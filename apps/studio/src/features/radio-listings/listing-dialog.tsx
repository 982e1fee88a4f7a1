// Adding or changing a listing group: its name and the radios it holds, in their order.
import { radioListingFieldsSchema, showcaseLimits, type StudioRadioListing } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog, FormFooter } from '../../components/dialog.tsx';
import { FormProblem, TextField } from '../../components/fields.tsx';
import { PickedItems } from '../../components/picked-items.tsx';
import { useToast } from '../../components/toasts.tsx';
import { problemOf } from '../../lib/api.ts';
import { useSaveEntry } from '../../lib/ordered-calls.ts';
import { radioListingCalls, type RadioListingFields } from './api.ts';

const radiosMax = showcaseLimits.listingRadios;

type ListingValues = z.input<typeof radioListingFieldsSchema>;

export function ListingDialog(props: { listing: StudioRadioListing | 'new' | null; onClose: () => void }) {
  const { listing } = props;
  return (
    <Dialog
      open={listing !== null}
      title={listing === 'new' ? 'Новая подборка' : 'Изменить подборку'}
      onClose={props.onClose}
    >
      {listing === null ? null : (
        <ListingForm listing={listing === 'new' ? undefined : listing} onClose={props.onClose} />
      )}
    </Dialog>
  );
}

function ListingForm({ listing, onClose }: { listing: StudioRadioListing | undefined; onClose: () => void }) {
  const formId = useId();
  const form = useForm<ListingValues, unknown, RadioListingFields>({
    resolver: zodResolver(radioListingFieldsSchema),
    defaultValues: { name: listing?.name ?? '', radioIds: listing?.radios.map((radio) => radio.id) ?? [] },
  });
  const radioIds = useWatch({ control: form.control, name: 'radioIds' }) ?? [];
  const [names, setNames] = useState(() => new Map(listing?.radios.map((radio) => [radio.id, radio.name])));
  const save = useSaveEntry(radioListingCalls, listing?.id ?? null);
  const toast = useToast();
  const { errors, isSubmitted } = form.formState;
  const setPicks = (ids: number[]): void => {
    form.setValue('radioIds', ids, { shouldDirty: true, shouldValidate: isSubmitted });
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
              toast(listing === undefined ? 'Подборка добавлена' : 'Подборка сохранена');
              onClose();
            },
          });
        })}
      >
        <TextField label="Название" registration={form.register('name')} error={errors.name} />
      </form>
      <PickedItems
        kind="radio"
        ids={radioIds}
        names={names}
        onNamed={(id, name) => {
          setNames((known) => new Map(known).set(id, name));
        }}
        max={radiosMax}
        onChange={setPicks}
        error={errors.radioIds?.message}
        words={{
          empty: 'Пока в подборке ничего нет: найдите радио по названию ниже.',
          listLabel: 'Радио в подборке',
          add: 'Добавить радио',
          full: `В подборке ${String(radiosMax)} радио — больше не поместится.`,
          unnamed: (id) => `Радио № ${String(id)}`,
        }}
      />
      <FormProblem problem={save.isError ? problemOf(save.error) : undefined} />
      <FormFooter onCancel={onClose} submit="Сохранить" busy={save.isPending} form={formId} />
    </>
  );
}
