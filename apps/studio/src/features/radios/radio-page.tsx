// One radio: its fields, its media with the .m4a to save, a new cover, and removing it (refused
// while a schedule names it). The panels are the catalogue's (components/catalogue-item.tsx).
import { type RadioFields as Fields, radioFieldsSchema } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
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
  radioCategoriesQuery,
  radioQuery,
  useDeleteRadio,
  useRadioMedia,
  useRadioPreview,
  useUpdateRadio,
} from './api.ts';
import { radioAccept } from './radio-add-dialog.tsx';
import { kindLabel, RadioFields } from './radio-fields.tsx';

export default function RadioPage() {
  const id = Number(useParams().id);
  const radio = useQuery({ ...radioQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const categories = useQuery(radioCategoriesQuery);
  const toast = useToast();
  const navigate = useNavigate();
  const update = useUpdateRadio(id);
  const media = useRadioMedia(id);
  const preview = useRadioPreview(id);
  const remove = useDeleteRadio(id);
  const retry = useRetryJob();
  const [deleting, setDeleting] = useState(false);
  const data = radio.data;
  const form = useForm<Fields, unknown, Fields>({
    resolver: zodResolver(radioFieldsSchema),
    values:
      data === undefined
        ? undefined
        : {
            name: data.name,
            author: data.author,
            categoryId: data.categoryId,
            draft: data.draft as 0 | 1 | 2,
            kind: data.kind as 1 | 2,
          },
    resetOptions: { keepDirtyValues: true },
  });
  if (!Number.isInteger(id) || id <= 0 || radio.isError) {
    return (
      <ItemUnavailable
        title="Радиозапись не открылась"
        problem={radio.isError ? problemOf(radio.error) : 'Нет такой радиозаписи.'}
        back={{ to: '/radios', label: 'К списку радио' }}
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
      <PageHeader
        title={data.name}
        about={`${kindLabel(data.kind)} № ${String(data.id)} · добавлена ${formatDateTime(data.addedAt)}`}
      >
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
          headingId="radio-fields"
          form={form}
          fields={<RadioFields form={form} categories={categories.data ?? []} />}
          update={update}
        />
        <div className="stack">
          <ItemMediaPanel
            headingId="radio-media"
            item={data}
            figures={`${formatDuration(data.durationSeconds)} · прослушивания: ${formatNumber(data.plays)}`}
            extra={
              data.download === '' ? null : (
                <div className="row">
                  <a className="button" href={data.download} download>
                    <Download size={16} aria-hidden="true" />
                    Скачать файл .m4a
                  </a>
                </div>
              )
            }
            file={{ label: 'Звуковой файл', accept: radioAccept }}
            media={media}
            retry={retry}
            accepted="Файл принят, запись обрабатывается"
          />
          <ItemPicturePanel
            headingId="radio-preview"
            title="Обложка"
            src={data.preview}
            alt={`Обложка записи «${data.name}»`}
            size={{ width: 240, height: 240 }}
            none="Своей обложки нет: на сайте стоит обложка по умолчанию."
            upload={{
              label: 'Новая обложка',
              hint: 'JPEG, PNG или WebP; картинку обрежут до квадрата 480 × 480 по центру',
            }}
            preview={preview}
            saved="Обложка сохранена"
          />
        </div>
      </div>
      <ConfirmDialog
        open={deleting}
        title="Удалить радиозапись?"
        message={`«${data.name}» и её файлы будут удалены с сайта. Это нельзя отменить.`}
        confirm="Удалить"
        busy={remove.isPending}
        problem={remove.isError ? problemOf(remove.error) : undefined}
        onConfirm={() => {
          remove.mutate(undefined, {
            onSuccess: () => {
              toast('Радиозапись удалена');
              void navigate('/radios');
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
