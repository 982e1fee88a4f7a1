// The columns of the video list: sorting by name, date, views and length happens on the server.
import type { StudioCategory, StudioVideo } from '@efir/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { ListFeatures } from '../../components/data-table.tsx';
import { DraftBadge, JobProgress, MediaBadge } from '../../components/status.tsx';
import { formatDate, formatDuration, formatNumber } from '../../lib/format.ts';

const helper = createColumnHelper<ListFeatures, StudioVideo>();

export function videoColumns(categories: readonly StudioCategory[]) {
  const categoryName = new Map(categories.map((category) => [category.id, category.name]));
  return helper.columns([
    helper.accessor('preview', {
      header: () => <span className="visually-hidden">Картинка</span>,
      enableSorting: false,
      cell: (info) =>
        info.getValue() === '' ? (
          <span className="table__thumb" aria-hidden="true" />
        ) : (
          <img className="table__thumb" src={info.getValue()} alt="" loading="lazy" />
        ),
    }),
    helper.accessor('name', {
      id: 'name',
      header: 'Название',
      cell: (info) => (
        <Link className="table__name" to={`/videos/${String(info.row.original.id)}`}>
          {info.getValue()}
        </Link>
      ),
    }),
    helper.accessor('categoryId', {
      header: 'Рубрика',
      enableSorting: false,
      cell: (info) => categoryName.get(info.getValue()) ?? `№ ${String(info.getValue())}`,
    }),
    helper.accessor('draft', {
      header: 'Показ',
      enableSorting: false,
      cell: (info) => <DraftBadge draft={info.getValue()} />,
    }),
    helper.accessor('media', {
      header: 'Медиа',
      enableSorting: false,
      cell: (info) => {
        const job = info.row.original.job;
        return info.getValue() === 'preparing' && job !== null ? (
          <JobProgress job={job} />
        ) : (
          <MediaBadge state={info.getValue()} />
        );
      },
    }),
    helper.accessor('durationSeconds', {
      id: 'duration',
      header: 'Длина',
      meta: { numeric: true },
      cell: (info) => formatDuration(info.getValue()),
    }),
    helper.accessor('views', {
      id: 'views',
      header: 'Просмотры',
      meta: { numeric: true },
      cell: (info) => formatNumber(info.getValue()),
    }),
    helper.accessor('addedAt', { id: 'added', header: 'Добавлено', cell: (info) => formatDate(info.getValue()) }),
  ]);
}
