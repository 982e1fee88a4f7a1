// A slide's fields in a dialog: its name, link and tags, on the radio page's show the radio it
// plays, and, once the slide exists, its picture (saved as soon as it has uploaded).
import { type SlideFields, slideFieldsSchema, type SlideshowName, type StudioSlide } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Dialog, FormFooter } from '../../components/dialog.tsx';
import { CallProblem, fieldOf, SelectField, TextField } from '../../components/fields.tsx';
import { ItemPicker, type PickedItem } from '../../components/item-picker.tsx';
import { useToast } from '../../components/toasts.tsx';
import { PictureUpload } from '../../components/upload-field.tsx';
import { useSaveEntry } from '../../lib/ordered-calls.ts';
import { radioQuery, slideCalls, useSlidePreview } from './api.ts';

const maxTags = 6;

export const tagColours = [
  { value: 0, label: 'серый' },
  { value: 1, label: 'синий' },
] as const;

/** The name of the radio a slide plays: the one just picked, else asked of the server. */
export function RadioName({ id, picked }: { id: number; picked?: PickedItem | undefined }) {
  const known = picked?.id === id ? picked.name : undefined;
  const radio = useQuery({ ...radioQuery(id), enabled: known === undefined });
  return <>{known ?? (radio.data === undefined ? `№ ${String(id)}` : `«${radio.data.name}»`)}</>;
}

function SlidePicture({ show, slide }: { show: SlideshowName; slide: StudioSlide }) {
  const headingId = useId();
  const preview = useSlidePreview(show, slide.id);
  return (
    <section className="stack" aria-labelledby={headingId}>
      <h3 id={headingId}>Картинка</h3>
      {slide.preview === '' ? (
        <p className="muted">Картинки пока нет.</p>
      ) : (
        <img
          className="slide-dialog__picture"
          src={slide.preview}
          alt={`Картинка слайда «${slide.name}»`}
          width={1280}
          height={720}
        />
      )}
      <PictureUpload
        label={slide.preview === '' ? 'Картинка слайда' : 'Новая картинка'}
        hint="JPEG, PNG или WebP, лучше 1280 × 720; сохраняется сразу после загрузки"
        change={preview}
        saved="Картинка слайда сохранена"
      />
    </section>
  );
}

function SlideForm({
  show,
  slide,
  onAdded,
  onClose,
}: {
  show: SlideshowName;
  slide: StudioSlide | undefined;
  onAdded: (slide: StudioSlide) => void;
  onClose: () => void;
}) {
  const form = useForm<SlideFields, unknown, SlideFields>({
    resolver: zodResolver(slideFieldsSchema),
    defaultValues: {
      name: slide?.name ?? '',
      link: slide?.link ?? '',
      tags: slide?.tags ?? [],
      radioId: slide?.radioId ?? null,
    },
  });
  const tags = useFieldArray({ control: form.control, name: 'tags' });
  const radioId = useWatch({ control: form.control, name: 'radioId' }) ?? null;
  const [picked, setPicked] = useState<PickedItem | undefined>();
  const saving = useSaveEntry(slideCalls(show), slide?.id ?? null);
  const toast = useToast();
  const { errors } = form.formState;
  const tagsId = useId();
  const save = form.handleSubmit((values) => {
    // Only the radio page's show plays a radio: elsewhere the slide's radio is left as it is.
    const body = show === 'radios' ? values : { name: values.name, link: values.link, tags: values.tags };
    saving.mutate(body, {
      onSuccess: (saved) => {
        if (slide === undefined) {
          toast('Слайд добавлен');
          onAdded(saved);
        } else {
          toast('Слайд сохранён');
          onClose();
        }
      },
    });
  });
  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        void save(event);
      }}
    >
      <TextField label="Название" {...fieldOf(form, 'name')} />
      <TextField
        label="Ссылка"
        hint="Страница сайта (/catalog) или адрес https://…; пусто — слайд без ссылки"
        {...fieldOf(form, 'link')}
      />
      <fieldset className="slide-dialog__fieldset" aria-describedby={`${tagsId}-hint`}>
        <legend>Метки</legend>
        <span id={`${tagsId}-hint`} className="field__hint">
          До шести меток поверх картинки.
        </span>
        {tags.fields.map((tag, index) => (
          <div key={tag.id} className="slide-dialog__tag">
            <TextField label={`Метка ${String(index + 1)}`} {...fieldOf(form, `tags.${index}.name`)} />
            <SelectField
              label={`Цвет метки ${String(index + 1)}`}
              {...fieldOf(form, `tags.${index}.color`, { valueAsNumber: true })}
              choices={tagColours}
            />
            <button
              type="button"
              className="icon-button"
              aria-label={`Убрать метку ${String(index + 1)}`}
              onClick={() => {
                tags.remove(index);
              }}
            >
              <X size={18} aria-hidden="true" />
            </button>
          </div>
        ))}
        {errors.tags?.message === undefined ? null : (
          <span className="field__error" role="alert">
            {errors.tags.message}
          </span>
        )}
        <div className="row">
          <button
            type="button"
            className="button button--small"
            disabled={tags.fields.length >= maxTags}
            onClick={() => {
              tags.append({ name: '', color: 0 });
            }}
          >
            <Plus size={14} aria-hidden="true" />
            Добавить метку
          </button>
        </div>
      </fieldset>
      {show === 'radios' ? (
        <fieldset
          className="slide-dialog__fieldset"
          // Enter in the radio search would otherwise save the whole slide.
          onKeyDown={(event: KeyboardEvent<HTMLFieldSetElement>) => {
            if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
          }}
        >
          <legend>Радио слайда</legend>
          {radioId === null ? (
            <p className="muted">Не выбрано: слайд ничего не играет.</p>
          ) : (
            <div className="row">
              <span>
                Играет: <RadioName id={radioId} picked={picked} />
              </span>
              <button
                type="button"
                className="button button--small"
                onClick={() => {
                  form.setValue('radioId', null, { shouldDirty: true });
                }}
              >
                <X size={14} aria-hidden="true" />
                Убрать радио
              </button>
            </div>
          )}
          <ItemPicker
            kind="radio"
            label={radioId === null ? 'Найти радио' : 'Выбрать другое радио'}
            taken={radioId === null ? [] : [radioId]}
            onPick={(item) => {
              setPicked(item);
              form.setValue('radioId', item.id, { shouldDirty: true });
            }}
          />
        </fieldset>
      ) : null}
      <CallProblem call={saving} />
      <FormFooter
        onCancel={onClose}
        cancel={slide === undefined ? 'Отмена' : 'Закрыть'}
        submit="Сохранить"
        busy={saving.isPending}
      />
    </form>
  );
}

/** Adding a slide to `show` (slide undefined) or editing one. */
export function SlideDialog({
  open,
  show,
  showLabel,
  slide,
  onAdded,
  onClose,
}: {
  open: boolean;
  show: SlideshowName;
  showLabel: string;
  slide: StudioSlide | undefined;
  onAdded: (slide: StudioSlide) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      title={slide === undefined ? `Новый слайд: ${showLabel}` : `Слайд «${slide.name}»`}
      onClose={onClose}
    >
      {slide === undefined ? (
        <p className="muted">Картинку можно будет загрузить сразу после сохранения.</p>
      ) : (
        <SlidePicture key={slide.id} show={show} slide={slide} />
      )}
      <SlideForm key={slide?.id ?? 'new'} show={show} slide={slide} onAdded={onAdded} onClose={onClose} />
    </Dialog>
  );
}
