// One video: its fields, its media, a new picture, and removing it (the panels are the catalogue's,
// components/catalogue-item.tsx).
import { type VideoFields as Fields, videoFieldsSchema } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import {
  ItemFieldsPanel,
  ItemMediaPanel,
  ItemPicturePanel,
  ItemUnavailable,
} from '../../components/catalogue-item.tsx';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useToast } from '../../components/toasts.tsx';
import { problemOf } from '../../lib/api.ts';
import { formatDateTime, formatDuration, formatNumber } from '../../lib/format.ts';
import { useRetryJob } from '../../lib/retry-job.ts';
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
  const retry = useRetryJob();
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
  if (video.isError) {
    return (
      <ItemUnavailable
        title="Видео не открылось"
        problem={problemOf(video.error)}
        back={{ to: '/videos', label: 'К списку видео' }}
      />
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
        <ItemFieldsPanel
          headingId="video-fields"
          form={form}
          fields={<VideoFields form={form} categories={categories.data ?? []} />}
          update={update}
        />
        <div className="stack">
          <ItemMediaPanel
            headingId="video-media"
            item={data}
            figures={`${formatDuration(data.durationSeconds)} · просмотры: ${formatNumber(data.views)}`}
            file={{ label: 'Файл видео', accept: videoAccept }}
            media={media}
            retry={retry}
            accepted="Файл принят, видео обрабатывается"
          />
          <ItemPicturePanel
            headingId="video-preview"
            title="Картинка"
            src={data.preview}
            alt={`Картинка видео «${data.name}»`}
            size={{ width: 320, height: 180 }}
            none="Своей картинки нет: на сайте стоит картинка по умолчанию."
            upload={{ label: 'Новая картинка' }}
            preview={preview}
            saved="Картинка сохранена"
          />
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
