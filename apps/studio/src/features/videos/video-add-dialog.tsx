// Adding a video: its fields and, usually, its file (see CatalogueAddDialog).
import { type VideoFields as Fields, videoFieldsSchema } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { CatalogueAddDialog } from '../../components/catalogue-add-dialog.tsx';
import { useAddItem } from '../../lib/catalogue-calls.ts';
import { videoCalls, videoCategoriesQuery } from './api.ts';
import { VideoFields } from './video-fields.tsx';

export const videoAccept = 'video/*,.mp4,.mov,.mkv,.webm,.avi,.ts';

export function VideoAddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const categories = useQuery(videoCategoriesQuery);
  const first = categories.data?.[0]?.id ?? 1;
  const form = useForm<Fields, unknown, Fields>({
    resolver: zodResolver(videoFieldsSchema),
    values: { name: '', description: '', plot: '', categoryId: first, ageRating: 99, draft: 0, externalEmbed: '' },
  });
  const add = useAddItem(videoCalls);
  return (
    <CatalogueAddDialog
      open={open}
      onClose={onClose}
      title="Новое видео"
      form={form}
      fields={<VideoFields form={form} categories={categories.data ?? []} />}
      file={{
        label: 'Файл видео',
        accept: videoAccept,
        hint: 'MP4, MOV, MKV или WebM; загрузка продолжится после обрыва связи',
      }}
      add={add}
      added={{ plain: 'Видео добавлено', making: 'Видео добавлено, файл обрабатывается' }}
      pageOf={(id) => `/videos/${String(id)}`}
    />
  );
}
