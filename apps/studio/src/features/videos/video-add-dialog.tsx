// Adding a video: its fields and, usually, its file, which goes up resumably while the editor
// fills the form in; once saved, the file is made into the site's media in the background.
import { type VideoFields as Fields, videoFieldsSchema } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Dialog, FormFooter } from '../../components/dialog.tsx';
import { FormProblem } from '../../components/fields.tsx';
import { useToast } from '../../components/toasts.tsx';
import { UploadField } from '../../components/upload-field.tsx';
import { problemOf } from '../../lib/api.ts';
import { useAddVideo, videoCategoriesQuery } from './api.ts';
import { VideoFields } from './video-fields.tsx';

export const videoAccept = 'video/*,.mp4,.mov,.mkv,.webm,.avi,.ts';

export function VideoAddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const categories = useQuery(videoCategoriesQuery);
  const first = categories.data?.[0]?.id ?? 1;
  const form = useForm<Fields, unknown, Fields>({
    resolver: zodResolver(videoFieldsSchema),
    values: { name: '', description: '', plot: '', categoryId: first, ageRating: 99, draft: 0, externalEmbed: '' },
  });
  const [upload, setUpload] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const add = useAddVideo();
  const navigate = useNavigate();
  const toast = useToast();
  const onUploaded = useCallback((id: string) => {
    setUpload(id);
  }, []);
  return (
    <Dialog open={open} title="Новое видео" onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={form.handleSubmit((values) => {
          add.mutate(
            { ...values, ...(upload === undefined ? {} : { upload }) },
            {
              onSuccess: (video) => {
                toast(upload === undefined ? 'Видео добавлено' : 'Видео добавлено, файл обрабатывается');
                onClose();
                void navigate(`/videos/${String(video.id)}`);
              },
            },
          );
        })}
      >
        <UploadField
          label="Файл видео"
          accept={videoAccept}
          hint="MP4, MOV, MKV или WebM; загрузка продолжится после обрыва связи"
          onUploaded={onUploaded}
          onCleared={() => {
            setUpload(undefined);
          }}
          onBusy={setUploading}
        />
        <VideoFields form={form} categories={categories.data ?? []} />
        <FormProblem problem={add.isError ? problemOf(add.error) : undefined} />
        {uploading ? <p className="muted">Сохранить можно, когда файл загрузится.</p> : null}
        <FormFooter onCancel={onClose} submit="Сохранить" busy={add.isPending || uploading} />
      </form>
    </Dialog>
  );
}
