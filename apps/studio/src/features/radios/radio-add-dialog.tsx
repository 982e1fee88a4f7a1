// Adding a radio: its fields and, usually, its audio file (see CatalogueAddDialog).
import { type RadioFields as Fields, radioFieldsSchema } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { CatalogueAddDialog } from '../../components/catalogue-add-dialog.tsx';
import { useAddItem } from '../../lib/catalogue-calls.ts';
import { radioCalls, radioCategoriesQuery } from './api.ts';
import { RadioFields } from './radio-fields.tsx';

export const radioAccept = 'audio/*,.mp3,.m4a,.aac,.wav,.flac,.ogg,.opus';

export function RadioAddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const categories = useQuery(radioCategoriesQuery);
  const first = categories.data?.[0]?.id ?? 1;
  const form = useForm<Fields, unknown, Fields>({
    resolver: zodResolver(radioFieldsSchema),
    values: { name: '', author: '', categoryId: first, draft: 0, kind: 1 },
  });
  const add = useAddItem(radioCalls);
  return (
    <CatalogueAddDialog
      open={open}
      onClose={onClose}
      title="Новая радиозапись"
      form={form}
      fields={<RadioFields form={form} categories={categories.data ?? []} />}
      file={{
        label: 'Звуковой файл',
        accept: radioAccept,
        hint: 'MP3, M4A, WAV, FLAC или OGG; загрузка продолжится после обрыва связи',
      }}
      add={add}
      added={{ plain: 'Радиозапись добавлена', making: 'Радиозапись добавлена, файл обрабатывается' }}
      pageOf={(id) => `/radios/${String(id)}`}
    />
  );
}
