// A catalogue item's page, a video's or a radio's: its fields, its media (the job making them, a
// retry, new media), its picture, and removing it (refused while a schedule names it). Each
// catalogue brings its calls, its fields and its words.
import type { MediaState, StudioCategory, StudioJob } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { type FieldValues, type Resolver, useForm, type UseFormReturn } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { problemOf } from '../lib/api.ts';
import {
  type CatalogueCalls,
  categoriesQuery,
  itemQuery,
  useItemUpload,
  useRemoveItem,
  useUpdateItem,
} from '../lib/catalogue-calls.ts';
import { formatDateTime, formatDuration } from '../lib/format.ts';
import { useRetryJob } from '../lib/retry-job.ts';
import { ItemFieldsPanel, ItemMediaPanel, ItemPicturePanel, ItemUnavailable } from './catalogue-item.tsx';
import { MediaPreview } from './media-preview.tsx';
import { ConfirmDialog } from './dialog.tsx';
import { PageHeader } from './page-header.tsx';
import { useToast } from './toasts.tsx';
import { Loading } from './loaded.tsx';

/** What the page shows of any catalogue's item. */
interface Item {
  id: number;
  name: string;
  addedAt: string;
  durationSeconds: number;
  draft: number;
  media: MediaState;
  /** Its HLS playlist, once its media are ready. */
  link: string;
  preview: string;
  job: StudioJob | null;
}

export interface CatalogueItemPageProps<I extends Item, F extends FieldValues, S extends string> {
  calls: CatalogueCalls<I, F, S>;
  /** What the form checks, and its values from the item. */
  resolver: Resolver<F, unknown, F>;
  valuesOf: (item: I) => F;
  fields: (form: UseFormReturn<F, unknown, F>, categories: readonly StudioCategory[]) => ReactNode;
  /** The catalogue's list, the way back. */
  list: { to: string; label: string };
  words: {
    /** The headings' ids start with it. */
    slug: string;
    unavailable: string;
    noSuch: string;
    /** «Видео № 4 · добавлено …». */
    about: (item: I, added: string) => string;
    /** How often it was used: «просмотры: 12». */
    uses: (item: I) => string;
    removeTitle: string;
    removeMessage: (item: I) => string;
    removed: string;
    accepted: string;
  };
  /** Links beside the remove button (the item on the public site). */
  actions?: (item: I) => ReactNode;
  /** Anything more its media offer (a radio's file to save). */
  mediaExtra?: (item: I) => ReactNode;
  /** Panels of the catalogue's own after the media's (a video's subtitles). */
  panels?: (item: I) => ReactNode;
  file: { label: string; accept: string };
  /** What its media are, for the preview player, and the player's name for a screen reader. */
  player: { kind: 'video' | 'audio'; label: (item: I) => string };
  picture: {
    title: string;
    alt: (item: I) => string;
    size: { width: number; height: number };
    none: string;
    upload: { label: string; hint?: string };
    saved: string;
  };
}

export function CatalogueItemPage<I extends Item, F extends FieldValues, S extends string>(
  props: CatalogueItemPageProps<I, F, S>,
) {
  const { calls, words } = props;
  const id = Number(useParams().id);
  const known = Number.isInteger(id) && id > 0;
  const item = useQuery({ ...itemQuery(calls, id), enabled: known });
  const categories = useQuery(categoriesQuery(calls));
  const toast = useToast();
  const navigate = useNavigate();
  const update = useUpdateItem(calls, id);
  const media = useItemUpload(calls, id, 'media');
  const picture = useItemUpload(calls, id, 'picture');
  const remove = useRemoveItem(calls, id);
  const retry = useRetryJob();
  const [removing, setRemoving] = useState(false);
  const data = item.data;
  const form = useForm<F, unknown, F>({
    resolver: props.resolver,
    ...(data === undefined ? {} : { values: props.valuesOf(data) }),
    resetOptions: { keepDirtyValues: true },
  });
  if (!known || item.isError) {
    return (
      <ItemUnavailable
        title={words.unavailable}
        problem={item.isError ? problemOf(item.error) : words.noSuch}
        back={props.list}
      />
    );
  }
  // The fields wait for the categories too: a select given its value before its options shows
  // the first option instead.
  if (data === undefined || categories.isPending) return <Loading />;
  return (
    <>
      <PageHeader title={data.name} about={words.about(data, formatDateTime(data.addedAt))}>
        {props.actions?.(data)}
        <button
          type="button"
          className="button button--danger"
          onClick={() => {
            remove.reset();
            setRemoving(true);
          }}
        >
          <Trash2 size={16} aria-hidden="true" />
          Удалить
        </button>
      </PageHeader>
      <div className="grid-2">
        <ItemFieldsPanel
          headingId={`${words.slug}-fields`}
          form={form}
          fields={props.fields(form, categories.data ?? [])}
          update={update}
        />
        <div className="stack">
          {data.media === 'ready' && data.link !== '' ? (
            <MediaPreview
              headingId={`${words.slug}-player`}
              link={data.link}
              kind={props.player.kind}
              label={props.player.label(data)}
            />
          ) : null}
          <ItemMediaPanel
            headingId={`${words.slug}-media`}
            item={data}
            figures={[formatDuration(data.durationSeconds), words.uses(data)].join(' · ')}
            extra={props.mediaExtra?.(data)}
            file={props.file}
            media={media}
            retry={retry}
            accepted={words.accepted}
          />
          {props.panels?.(data)}
          <ItemPicturePanel
            headingId={`${words.slug}-preview`}
            title={props.picture.title}
            src={data.preview}
            alt={props.picture.alt(data)}
            size={props.picture.size}
            none={props.picture.none}
            upload={props.picture.upload}
            preview={picture}
            saved={props.picture.saved}
          />
        </div>
      </div>
      <ConfirmDialog
        open={removing}
        title={words.removeTitle}
        message={words.removeMessage(data)}
        confirm="Удалить"
        busy={remove.isPending}
        problem={remove.isError ? problemOf(remove.error) : undefined}
        onConfirm={() => {
          remove.mutate(undefined, {
            onSuccess: () => {
              toast(words.removed);
              void navigate(props.list.to);
            },
          });
        }}
        onClose={() => {
          setRemoving(false);
        }}
      />
    </>
  );
}
