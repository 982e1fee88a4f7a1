// The ingest queue: every job making media, the newest first, with its stage, progress, time left
// and, when it failed, ffmpeg's reason and a retry. Followed live while anything is under way.
import { type StudioJob, studioLimits } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { CallProblem } from '../../components/fields.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSteps, Table } from '../../components/table.tsx';
import { JobProgress } from '../../components/status.tsx';
import { useToast } from '../../components/toasts.tsx';
import { formatDateTime, formatNumber } from '../../lib/format.ts';
import { useRetryJob } from '../../lib/retry-job.ts';
import { jobsQuery } from './api.ts';

const kindLabels: Record<string, string> = {
  'video-media': 'Файл видео',
  'radio-media': 'Файл радио',
  'video-subtitles': 'Субтитры',
  video: 'Загрузка из командной строки',
  radio: 'Загрузка из командной строки',
  'demo-video': 'Демо',
  'demo-radio': 'Демо',
};

const headings = [
  { label: 'Номер', numeric: true },
  'Что',
  'Запись',
  'Ход',
  { label: 'Попытки', numeric: true },
  'Создано',
  { label: 'Действия', hidden: true },
] as const;

/** Where the job's item is edited, when it has one yet. */
function itemPath(job: StudioJob): string | undefined {
  if (job.itemId === null) return undefined;
  return `${job.kind.includes('radio') ? '/radios' : '/videos'}/${String(job.itemId)}`;
}

function pageOf(params: URLSearchParams): number {
  const value = params.get('page');
  return value !== null && /^[1-9]\d{0,4}$/u.test(value) ? Number(value) : 1;
}

export default function JobsPage() {
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const jobs = useQuery(jobsQuery(page));
  const retry = useRetryJob();
  const toast = useToast();
  const rows = jobs.data?.results ?? [];
  const count = jobs.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / studioLimits.jobsPageSize));
  const go = (next: number): void => {
    setParams(next === 1 ? {} : { page: String(next) });
  };
  return (
    <>
      <PageHeader
        title="Обработка файлов"
        about="Очередь заданий, которые делают из загруженных файлов медиа для сайта: новые сверху."
      />
      <CallProblem call={jobs} />
      <CallProblem call={retry} />
      <div className="stack">
        <Table
          caption="Задания обработки"
          query={jobs}
          headings={headings}
          rows={rows}
          none="Заданий нет."
          row={(job) => {
            const path = itemPath(job);
            return (
              <tr key={job.id}>
                <td className="table__number">{job.id}</td>
                <td>{kindLabels[job.kind] ?? job.kind}</td>
                <td>
                  {path === undefined ? (
                    job.name
                  ) : (
                    <Link className="table__name" to={path}>
                      {job.name}
                    </Link>
                  )}
                </td>
                <td>
                  <JobProgress job={job} />
                </td>
                <td className="table__number">{job.attempts}</td>
                <td>{formatDateTime(job.createdAt)}</td>
                <td>
                  {job.stage === 'failed' ? (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={`Повторить задание № ${String(job.id)}`}
                      disabled={retry.isPending && retry.variables === job.id}
                      onClick={() => {
                        retry.mutate(job.id, {
                          onSuccess: () => {
                            toast(`Задание № ${String(job.id)} снова в очереди`);
                          },
                        });
                      }}
                    >
                      <RotateCcw size={14} aria-hidden="true" />
                      Повторить
                    </button>
                  ) : null}
                </td>
              </tr>
            );
          }}
        />
        <div className="pager">
          <span>Всего: {formatNumber(count)}</span>
          <div className="pager__controls">
            <PageSteps
              page={page}
              pages={pages}
              onPrevious={() => {
                go(Math.min(page - 1, pages));
              }}
              onNext={() => {
                go(page + 1);
              }}
            />
          </div>
        </div>
      </div>
    </>
  );
}
