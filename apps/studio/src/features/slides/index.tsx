// The public site's three slideshows: one tab per show (the chosen one in the address), its
// slides in the order the site shows them, rearranged by dragging; adding, editing, removing.
import type { SlideshowName, StudioSlide } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { ImageOff } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RemoveDialog } from '../../components/dialog.tsx';
import { CallProblem, FormProblem } from '../../components/fields.tsx';
import { AddButton, PageHeader } from '../../components/page-header.tsx';
import { SortableList } from '../../components/sortable-list.tsx';
import { useToast } from '../../components/toasts.tsx';
import { problemOf } from '../../lib/api.ts';
import { listQuery, useOrderEntries, useRemoveEntry } from '../../lib/ordered-calls.ts';
import { slideCalls, slideshows } from './api.ts';
import { RadioName, SlideDialog } from './slide-dialog.tsx';
import './slides.css';
import { Loading } from '../../components/loaded.tsx';

/** Tabs as the ARIA pattern has them: arrows, Home and End move between them and choose. */
function ShowTabs({
  current,
  idOf,
  panelId,
  onChoose,
}: {
  current: SlideshowName;
  idOf: (show: SlideshowName) => string;
  panelId: string;
  onChoose: (show: SlideshowName) => void;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number): void => {
    const steps: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: -1 };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    // A negative step counts from the end: Left from the first tab goes to the last.
    const next = slideshows.at(step % slideshows.length);
    if (next === undefined) return;
    onChoose(next.name);
    document.getElementById(idOf(next.name))?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label="Слайд-шоу">
      {slideshows.map((show, index) => {
        const selected = show.name === current;
        return (
          <button
            key={show.name}
            id={idOf(show.name)}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={selected}
            aria-controls={selected ? panelId : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => {
              onChoose(show.name);
            }}
            onKeyDown={(event) => {
              onKeyDown(event, index);
            }}
          >
            {show.label}
          </button>
        );
      })}
    </div>
  );
}

function SlideRow({ slide, onEdit, onDelete }: { slide: StudioSlide; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="slide">
      {slide.preview === '' ? (
        <span className="slide__thumb slide__thumb--empty">
          <ImageOff size={20} aria-hidden="true" />
          <span className="visually-hidden">Без картинки</span>
        </span>
      ) : (
        <img className="slide__thumb" src={slide.preview} alt="" loading="lazy" width={128} height={72} />
      )}
      <div className="slide__body">
        <strong>{slide.name}</strong>
        <small>{slide.link === '' ? 'Без ссылки' : `Ссылка: ${slide.link}`}</small>
        {slide.radioId === null ? null : (
          <small>
            Играет: <RadioName id={slide.radioId} />
          </small>
        )}
        {slide.tags.length === 0 ? null : (
          <ul className="slide__tags" aria-label="Метки">
            {slide.tags.map((tag, index) => (
              <li key={index} className={tag.color === 1 ? 'badge badge--accent' : 'badge'}>
                {tag.name}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="slide__actions">
        <button type="button" className="button button--small" onClick={onEdit}>
          Изменить<span className="visually-hidden"> слайд «{slide.name}»</span>
        </button>
        <button type="button" className="button button--small" onClick={onDelete}>
          Удалить<span className="visually-hidden"> слайд «{slide.name}»</span>
        </button>
      </div>
    </div>
  );
}

export default function SlidesPage() {
  const [params, setParams] = useSearchParams();
  const chosen = slideshows.find((entry) => entry.name === params.get('show')) ?? slideshows[0];
  const show: SlideshowName = chosen.name;
  const label = chosen.label;
  const calls = slideCalls(show);
  const slides = useQuery(listQuery(calls));
  const order = useOrderEntries(calls);
  const remove = useRemoveEntry(calls);
  const toast = useToast();
  const [editing, setEditing] = useState<StudioSlide | 'new' | null>(null);
  const [deleting, setDeleting] = useState<StudioSlide | null>(null);
  const baseId = useId();
  const tabId = (name: SlideshowName): string => `${baseId}-tab-${name}`;
  const panelId = `${baseId}-panel`;
  // The dialog shows the slide as the list now has it (a new picture appears once saved).
  const edited =
    editing === null || editing === 'new'
      ? undefined
      : (slides.data?.find((slide) => slide.id === editing.id) ?? editing);
  return (
    <>
      <PageHeader
        title="Слайды"
        about="Слайд-шоу сайта: на главной, на странице радио и в каталоге. Порядок здесь — порядок показа на сайте."
      >
        <AddButton
          label="Добавить слайд"
          onClick={() => {
            setEditing('new');
          }}
        />
      </PageHeader>
      <ShowTabs
        current={show}
        idOf={tabId}
        panelId={panelId}
        onChoose={(name) => {
          order.reset();
          setParams({ show: name }, { replace: true });
        }}
      />
      <section id={panelId} className="panel stack" role="tabpanel" aria-labelledby={tabId(show)} tabIndex={0}>
        <CallProblem call={slides} />
        <FormProblem problem={order.isError ? `Порядок не сохранён: ${problemOf(order.error)}` : undefined} />
        {slides.data === undefined ? (
          slides.isPending ? (
            <Loading />
          ) : null
        ) : slides.data.length === 0 ? (
          <p className="muted">В этом слайд-шоу пока нет слайдов.</p>
        ) : (
          <SortableList
            items={slides.data}
            listLabel={`Слайды: ${label}`}
            label={(slide) => slide.name}
            onReorder={(next) => {
              order.mutate(next, {
                onSuccess: () => {
                  toast('Порядок слайдов сохранён');
                },
              });
            }}
            render={(slide) => (
              <SlideRow
                slide={slide}
                onEdit={() => {
                  setEditing(slide);
                }}
                onDelete={() => {
                  remove.reset();
                  setDeleting(slide);
                }}
              />
            )}
          />
        )}
      </section>
      <SlideDialog
        open={editing !== null}
        show={show}
        showLabel={label}
        slide={edited}
        onAdded={(slide) => {
          setEditing(slide);
        }}
        onClose={() => {
          setEditing(null);
        }}
      />
      <RemoveDialog
        row={deleting}
        title="Удалить слайд?"
        message={(row) => `«${row.name}» пропадёт из слайд-шоу «${label}» вместе с картинкой. Это нельзя отменить.`}
        removed="Слайд удалён"
        remove={remove}
        onClose={() => {
          setDeleting(null);
        }}
      />
    </>
  );
}
