// The columns of the radio list: sorting by name, date, plays and length happens on the server.
import type { StudioCategory, StudioRadio } from '@efir/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import type { ListFeatures } from '../../components/data-table.tsx';
import { DraftBadge, JobProgress, MediaBadge } from '../../components/status.tsx';
import { formatDate, formatDuration, formatNumber } from '../../lib/format.ts';
import { kindLabel } from './radio-fields.tsx';

const helper = createColumnHelper<ListFeatures, StudioRadio>();

export function radioColumns(categories: readonly StudioCategory[]) {
  const categoryName = new Map(categories.map((category) => [category.id, category.name]));
  return helper.columns([
    helper.accessor('preview', {
      header: () => <span className="visually-hidden">Обложка</span>,
      enableSorting: false,
      cell: (info) =>
        info.getValue() === '' ? (
          <span className="table__thumb table__thumb--square" aria-hidden="true" />
        ) : (
          <img className="table__thumb table__thumb--square" src={info.getValue()} alt="" loading="lazy" />
        ),
    }),
    helper.accessor('name', {
      id: 'name',
      header: 'Название',
      cell: (info) => (
        <Link className="table__name" to={`/radios/${String(info.row.original.id)}`}>
          {info.getValue()}
        </Link>
      ),
    }),
    helper.accessor('author', { header: 'Автор', enableSorting: false }),
    helper.accessor('categoryId', {
      header: 'Рубрика',
      enableSorting: false,
      cell: (info) => categoryName.get(info.getValue()) ?? `№ ${String(info.getValue())}`,
    }),
    helper.accessor('kind', { header: 'Тип', enableSorting: false, cell: (info) => kindLabel(info.getValue()) }),
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
    helper.accessor('plays', {
      id: 'plays',
      header: 'Прослушивания',
      meta: { numeric: true },
      cell: (info) => formatNumber(info.getValue()),
    }),
    helper.accessor('addedAt', { id: 'added', header: 'Добавлено', cell: (info) => formatDate(info.getValue()) }),
  ]);
}
