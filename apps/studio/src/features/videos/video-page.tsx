// One video: its fields, its media (the job making them, with its progress and, on failure,
// ffmpeg's reason and a retry), new media or a new picture from an upload, and removing it.
import { type VideoFields as Fields, videoFieldsSchema } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ExternalLink, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { FormProblem } from '../../components/fields.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { DraftBadge, JobProgress, MediaBadge } from '../../components/status.tsx';
import { useToast } from '../../components/toasts.tsx';
import { UploadField } from '../../components/upload-field.tsx';
import { problemOf, queryClient, studio } from '../../lib/api.ts';
import { formatDateTime, formatDuration, formatNumber } from '../../lib/format.ts';
import {
  useDeleteVideo,
  useUpdateVideo,
  useVideoMedia,
  useVideoPreview,
  videoCategoriesQuery,
  videoQuery,
} from './api.ts';
import { videoAccept } from './video-add-dialog.tsx';
import { VideoFields } from './video-fields.tsx';

export default function VideoPage() {
  const id = Number(useParams().id);
  const video = useQuery({ ...videoQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const categories = useQuery(videoCategoriesQuery);
  const toast = useToast();
  const navigate = useNavigate();
  const update = useUpdateVideo(id);
  const media = useVideoMedia(id);
  const preview = useVideoPreview(id);
  const remove = useDeleteVideo(id);
  const retry = useMutation({
    mutationFn: (job: number) => studio('jobRetry', { params: { id: job } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['video'] }),
  });
  const [deleting, setDeleting] = useState(false);
  const data = video.data;
  const form = useForm<Fields, unknown, Fields>({
    resolver: zodResolver(videoFieldsSchema),
    values:
      data === undefined
        ? undefined
        : {
            name: data.name,
            description: data.description,
            plot: data.plot,
            categoryId: data.categoryId,
            ageRating: data.ageRating,
            draft: data.draft as 0 | 1 | 2,
            externalEmbed: data.externalEmbed,
          },
    resetOptions: { keepDirtyValues: true },
  });
  const onMedia = useCallback(
    (upload: string) => {
      media.mutate(upload, {
        onSuccess: () => {
          toast('Файл принят, видео обрабатывается');
        },
      });
    },
    [media, toast],
  );
  const onPreview = useCallback(
    (upload: string) => {
      preview.mutate(upload, {
        onSuccess: () => {
          toast('Картинка сохранена');
        },
      });
    },
    [preview, toast],
  );
  if (video.isError) {
    return (
      <section className="panel">
        <h1>Видео не открылось</h1>
        <p className="alert" role="alert">
          {problemOf(video.error)}
        </p>
        <Link to="/videos">К списку видео</Link>
      </section>
    );
  }
  if (data === undefined) {
    return (
      <p className="muted" role="status">
        Загрузка…
      </p>
    );
  }
  return (
    <>
      <PageHeader title={data.name} about={`Видео № ${String(data.id)} · добавлено ${formatDateTime(data.addedAt)}`}>
        {data.media === 'ready' || data.externalEmbed !== '' ? (
          <a className="button" href={`/video/item/${String(data.id)}`} target="_blank" rel="noreferrer">
            <ExternalLink size={16} aria-hidden="true" />
            На сайте
          </a>
        ) : null}
        <button
          type="button"
          className="button button--danger"
          onClick={() => {
            remove.reset();
            setDeleting(true);
          }}
        >
          <Trash2 size={16} aria-hidden="true" />
          Удалить
        </button>
      </PageHeader>
      <div className="grid-2">
        <section className="panel" aria-labelledby="video-fields">
          <h2 id="video-fields">Описание</h2>
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
            <VideoFields form={form} categories={categories.data ?? []} />
            <FormProblem problem={update.isError ? problemOf(update.error) : undefined} />
            <div className="row">
              <button type="submit" className="button button--primary" disabled={update.isPending}>
                Сохранить
              </button>
            </div>
          </form>
        </section>
        <div className="stack">
          <section className="panel stack" aria-labelledby="video-media">
            <h2 id="video-media">Медиа</h2>
            <div className="row">
              <MediaBadge state={data.media} />
              <DraftBadge draft={data.draft} />
              <span className="muted">
                {formatDuration(data.durationSeconds)} · просмотры: {formatNumber(data.views)}
              </span>
            </div>
            {data.job !== null && data.job.stage !== 'done' ? <JobProgress job={data.job} /> : null}
            {data.job?.stage === 'failed' ? (
              <div className="row">
                <button
                  type="button"
                  className="button"
                  disabled={retry.isPending}
                  onClick={() => {
                    if (data.job !== null) retry.mutate(data.job.id);
                  }}
                >
                  Повторить обработку
                </button>
              </div>
            ) : null}
            <UploadField
              label={data.media === 'ready' ? 'Заменить файл' : 'Файл видео'}
              accept={videoAccept}
              hint="Новый файл заменит медиа, когда будет обработан; до тех пор играет прежний"
              onUploaded={onMedia}
            />
            <FormProblem problem={media.isError ? problemOf(media.error) : undefined} />
          </section>
          <section className="panel stack" aria-labelledby="video-preview">
            <h2 id="video-preview">Картинка</h2>
            {data.preview === '' ? (
              <p className="muted">Своей картинки нет: на сайте стоит картинка по умолчанию.</p>
            ) : (
              <img src={data.preview} alt={`Картинка видео «${data.name}»`} width={320} height={180} />
            )}
            <UploadField label="Новая картинка" accept="image/jpeg,image/png,image/webp" onUploaded={onPreview} />
            <FormProblem problem={preview.isError ? problemOf(preview.error) : undefined} />
          </section>
        </div>
      </div>
      <ConfirmDialog
        open={deleting}
        title="Удалить видео?"
        message={`«${data.name}» и его файлы будут удалены с сайта. Это нельзя отменить.`}
        confirm="Удалить"
        busy={remove.isPending}
        problem={remove.isError ? problemOf(remove.error) : undefined}
        onConfirm={() => {
          remove.mutate(undefined, {
            onSuccess: () => {
              toast('Видео удалено');
              void navigate('/videos');
            },
          });
        }}
        onClose={() => {
          setDeleting(false);
        }}
      />
    </>
  );
}
