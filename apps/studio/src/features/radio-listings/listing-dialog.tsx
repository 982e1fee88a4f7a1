// Adding or changing a listing group: its name and the radios it holds, in their order.
import { radioListingFieldsSchema, type StudioRadioListing } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog } from '../../components/dialog.tsx';
import { FormProblem, TextField } from '../../components/fields.tsx';
import { ItemPicker } from '../../components/item-picker.tsx';
import { SortableList } from '../../components/sortable-list.tsx';
import { useToast } from '../../components/toasts.tsx';
import { problemOf } from '../../lib/api.ts';
import { type RadioListingFields, useSaveRadioListing } from './api.ts';

/** The contract's limit of radios in a group. */
const radiosMax = 100;

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
  const save = useSaveRadioListing(listing?.id ?? null);
  const toast = useToast();
  const { errors, isSubmitted } = form.formState;
  const setPicks = (ids: number[]): void => {
    form.setValue('radioIds', ids, { shouldDirty: true, shouldValidate: isSubmitted });
  };
  const picks = radioIds.map((id) => ({ id, name: names.get(id) ?? `Радио № ${String(id)}` }));
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
      <div className="stack">
        {picks.length === 0 ? (
          <p className="muted">Пока в подборке ничего нет: найдите радио по названию ниже.</p>
        ) : (
          <SortableList
            listLabel="Радио в подборке"
            items={picks}
            label={(radio) => radio.name}
            onReorder={(items) => {
              setPicks(items.map((radio) => radio.id));
            }}
            render={(radio) => (
              <>
                <span className="sortable__body">
                  {radio.name}
                  <small>№ {radio.id}</small>
                </span>
                <button
                  type="button"
                  className="button button--small"
                  aria-label={`Убрать «${radio.name}»`}
                  onClick={() => {
                    setPicks(radioIds.filter((id) => id !== radio.id));
                  }}
                >
                  Убрать
                </button>
              </>
            )}
          />
        )}
        {errors.radioIds?.message === undefined ? null : (
          <p className="field__error" role="alert">
            {errors.radioIds.message}
          </p>
        )}
        {picks.length < radiosMax ? (
          <ItemPicker
            kind="radio"
            label="Добавить радио"
            taken={radioIds}
            onPick={(radio) => {
              setNames((known) => new Map(known).set(radio.id, radio.name));
              setPicks([...radioIds, radio.id]);
            }}
          />
        ) : (
          <p className="muted">В подборке {radiosMax} радио — больше не поместится.</p>
        )}
      </div>
      <FormProblem problem={save.isError ? problemOf(save.error) : undefined} />
      <div className="dialog__footer">
        <button type="button" className="button" onClick={onClose}>
          Отмена
        </button>
        <button type="submit" form={formId} className="button button--primary" disabled={save.isPending}>
          Сохранить
        </button>
      </div>
    </>
  );
}
