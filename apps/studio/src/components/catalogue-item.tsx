// The panels of a catalogue item's page, a video's or a radio's: its fields, its media (the job
// making them, with its progress and, on failure, ffmpeg's reason and a retry; new media from an
// upload) and its picture. Each page brings its own fields and words.
import type { MediaState, StudioJob } from '@efir/contract';
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { CallProblem } from './fields.tsx';
import { DraftBadge, JobProgress, MediaBadge } from './status.tsx';
import { useToast } from './toasts.tsx';
import { PictureUpload, UploadField, useUploadTaken } from './upload-field.tsx';

/** A change made by a call of the studio's, as the panels use it. */
interface Change<V> {
  mutate: (value: V, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** The page of an item that could not be opened, with the way back to its list. */
export function ItemUnavailable(props: { title: string; problem: string; back: { to: string; label: string } }) {
  return (
    <section className="panel">
      <h1>{props.title}</h1>
      <p className="alert" role="alert">
        {props.problem}
      </p>
      <Link to={props.back.to}>{props.back.label}</Link>
    </section>
  );
}

/** The item's fields, saved together. */
export function ItemFieldsPanel<F extends FieldValues>(props: {
  headingId: string;
  form: UseFormReturn<F, unknown, F>;
  fields: ReactNode;
  update: Change<F>;
}) {
  const { form, update } = props;
  const toast = useToast();
  return (
    <section className="panel" aria-labelledby={props.headingId}>
      <h2 id={props.headingId}>Описание</h2>
      <form
        className="form"
        noValidate
        onSubmit={form.handleSubmit((values) => {
          update.mutate(values, {
            onSuccess: () => {
              form.reset(values);
              toast('Сохранено');
            },
          });
        })}
      >
        {props.fields}
        <CallProblem call={update} />
        <div className="row">
          <button type="submit" className="button button--primary" disabled={update.isPending}>
            Сохранить
          </button>
        </div>
      </form>
    </section>
  );
}

/** The item's media: their state, the job making them, a retry after a failure, new media. */
export function ItemMediaPanel(props: {
  headingId: string;
  item: { media: MediaState; draft: number; job: StudioJob | null };
  /** Its length and how often it was used, as the page says them. */
  figures: string;
  /** Anything more the item's media offer (a radio's file to save). */
  extra?: ReactNode;
  file: { label: string; accept: string };
  media: Change<string>;
  /** Another try of the failed job (the jobs screen's). */
  retry: Change<number>;
  /** Said once a new file is taken. */
  accepted: string;
}) {
  const { item, media, retry, accepted } = props;
  const job = item.job;
  const toast = useToast();
  const onMedia = useUploadTaken(media, accepted);
  return (
    <section className="panel stack" aria-labelledby={props.headingId}>
      <h2 id={props.headingId}>Медиа</h2>
      <div className="row">
        <MediaBadge state={item.media} />
        <DraftBadge draft={item.draft} />
        <span className="muted">{props.figures}</span>
      </div>
      {job !== null && job.stage !== 'done' ? <JobProgress job={job} /> : null}
      {job?.stage === 'failed' ? (
        <div className="row">
          <button
            type="button"
            className="button"
            disabled={retry.isPending}
            onClick={() => {
              retry.mutate(job.id, {
                onSuccess: () => {
                  toast('Обработка запущена снова');
                },
              });
            }}
          >
            Повторить обработку
          </button>
        </div>
      ) : null}
      <CallProblem call={retry} />
      {props.extra}
      <UploadField
        label={item.media === 'ready' ? 'Заменить файл' : props.file.label}
        accept={props.file.accept}
        hint="Новый файл заменит медиа, когда будет обработан; до тех пор играет прежний"
        onUploaded={onMedia}
      />
      <CallProblem call={media} />
    </section>
  );
}

/** The item's picture: its own, or a word that the site shows its default; a new one from an upload. */
export function ItemPicturePanel(props: {
  headingId: string;
  title: string;
  /** The picture's address, empty when the item has none of its own. */
  src: string;
  alt: string;
  size: { width: number; height: number };
  none: string;
  upload: { label: string; hint?: string };
  preview: Change<string>;
  saved: string;
}) {
  return (
    <section className="panel stack" aria-labelledby={props.headingId}>
      <h2 id={props.headingId}>{props.title}</h2>
      {props.src === '' ? (
        <p className="muted">{props.none}</p>
      ) : (
        <img src={props.src} alt={props.alt} width={props.size.width} height={props.size.height} />
      )}
      <PictureUpload label={props.upload.label} hint={props.upload.hint} change={props.preview} saved={props.saved} />
    </section>
  );
}
