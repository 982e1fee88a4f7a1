// One radio: its fields, its media (the job making them, with its progress and, on failure,
// ffmpeg's reason and a retry), new media or a new cover from an upload, the .m4a to save, and
// removing it (refused while a schedule names it).
import { type RadioFields as Fields, radioFieldsSchema } from '@efir/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/dialog.tsx';
import { FormProblem } from '../../components/fields.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { DraftBadge, JobProgress, MediaBadge } from '../../components/status.tsx';
import { useToast } from '../../components/toasts.tsx';
import { UploadField } from '../../components/upload-field.tsx';
import { problemOf } from '../../lib/api.ts';
import { formatDateTime, formatDuration, formatNumber } from '../../lib/format.ts';
import {
  radioCategoriesQuery,
  radioQuery,
  useDeleteRadio,
  useRadioMedia,
  useRadioPreview,
  useRetryJob,
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
  const onMedia = useCallback(
    (upload: string) => {
      media.mutate(upload, {
        onSuccess: () => {
          toast('Файл принят, запись обрабатывается');
        },
      });
    },
    [media, toast],
  );
  const onPreview = useCallback(
    (upload: string) => {
      preview.mutate(upload, {
        onSuccess: () => {
          toast('Обложка сохранена');
        },
      });
    },
    [preview, toast],
  );
  if (!Number.isInteger(id) || id <= 0 || radio.isError) {
    return (
      <section className="panel">
        <h1>Радиозапись не открылась</h1>
        <p className="alert" role="alert">
          {radio.isError ? problemOf(radio.error) : 'Нет такой радиозаписи.'}
        </p>
        <Link to="/radios">К списку радио</Link>
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
  const job = data.job;
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
        <section className="panel" aria-labelledby="radio-fields">
          <h2 id="radio-fields">Описание</h2>
          <form
            className="form"
            noValidate
            onSubmit={(event) => {
              void form.handleSubmit((values) => {
                update.mutate(values, {
                  onSuccess: () => {
                    form.reset(values);
                    toast('Сохранено');
                  },
                });
              })(event);
            }}
          >
            <RadioFields form={form} categories={categories.data ?? []} />
            <FormProblem problem={update.isError ? problemOf(update.error) : undefined} />
            <div className="row">
              <button type="submit" className="button button--primary" disabled={update.isPending}>
                Сохранить
              </button>
            </div>
          </form>
        </section>
        <div className="stack">
          <section className="panel stack" aria-labelledby="radio-media">
            <h2 id="radio-media">Медиа</h2>
            <div className="row">
              <MediaBadge state={data.media} />
              <DraftBadge draft={data.draft} />
              <span className="muted">
                {formatDuration(data.durationSeconds)} · прослушивания: {formatNumber(data.plays)}
              </span>
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
            <FormProblem problem={retry.isError ? problemOf(retry.error) : undefined} />
            {data.download === '' ? null : (
              <div className="row">
                <a className="button" href={data.download} download>
                  <Download size={16} aria-hidden="true" />
                  Скачать файл .m4a
                </a>
              </div>
            )}
            <UploadField
              label={data.media === 'ready' ? 'Заменить файл' : 'Звуковой файл'}
              accept={radioAccept}
              hint="Новый файл заменит медиа, когда будет обработан; до тех пор играет прежний"
              onUploaded={onMedia}
            />
            <FormProblem problem={media.isError ? problemOf(media.error) : undefined} />
          </section>
          <section className="panel stack" aria-labelledby="radio-preview">
            <h2 id="radio-preview">Обложка</h2>
            {data.preview === '' ? (
              <p className="muted">Своей обложки нет: на сайте стоит обложка по умолчанию.</p>
            ) : (
              <img src={data.preview} alt={`Обложка записи «${data.name}»`} width={240} height={240} />
            )}
            <UploadField
              label="Новая обложка"
              accept="image/jpeg,image/png,image/webp"
              hint="JPEG, PNG или WebP; картинку обрежут до квадрата 480 × 480 по центру"
              onUploaded={onPreview}
            />
            <FormProblem problem={preview.isError ? problemOf(preview.error) : undefined} />
          </section>
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
