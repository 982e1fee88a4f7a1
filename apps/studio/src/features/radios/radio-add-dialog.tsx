// Adding a radio: its fields and, usually, its audio file, which goes up resumably while the editor
// fills the form in; once saved, the file is made into the site's media in the background.
import { type RadioFields as Fields, radioFieldsSchema } from '@efir/contract';
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
import { radioCategoriesQuery, useAddRadio } from './api.ts';
import { RadioFields } from './radio-fields.tsx';

export const radioAccept = 'audio/*,.mp3,.m4a,.aac,.wav,.flac,.ogg,.opus';

export function RadioAddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const categories = useQuery(radioCategoriesQuery);
  const first = categories.data?.[0]?.id ?? 1;
  const form = useForm<Fields, unknown, Fields>({
    resolver: zodResolver(radioFieldsSchema),
    values: { name: '', author: '', categoryId: first, draft: 0, kind: 1 },
  });
  const [upload, setUpload] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const add = useAddRadio();
  const navigate = useNavigate();
  const toast = useToast();
  const onUploaded = useCallback((id: string) => {
    setUpload(id);
  }, []);
  return (
    <Dialog open={open} title="Новая радиозапись" onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          void form.handleSubmit((values) => {
            add.mutate(
              { ...values, ...(upload === undefined ? {} : { upload }) },
              {
                onSuccess: (radio) => {
                  toast(upload === undefined ? 'Радиозапись добавлена' : 'Радиозапись добавлена, файл обрабатывается');
                  onClose();
                  void navigate(`/radios/${String(radio.id)}`);
                },
              },
            );
          })(event);
        }}
      >
        <UploadField
          label="Звуковой файл"
          accept={radioAccept}
          hint="MP3, M4A, WAV, FLAC или OGG; загрузка продолжится после обрыва связи"
          onUploaded={onUploaded}
          onCleared={() => {
            setUpload(undefined);
          }}
          onBusy={setUploading}
        />
        <RadioFields form={form} categories={categories.data ?? []} />
        <FormProblem problem={add.isError ? problemOf(add.error) : undefined} />
        {uploading ? <p className="muted">Сохранить можно, когда файл загрузится.</p> : null}
        <FormFooter onCancel={onClose} submit="Сохранить" busy={add.isPending || uploading} />
      </form>
    </Dialog>
  );
}
