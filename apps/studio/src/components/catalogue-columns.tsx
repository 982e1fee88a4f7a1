// The columns of a catalogue's list, videos or radios: its picture, name, category, showing, media
// (with the job's progress while they are made), length, uses and date; sorting by name, length,
// uses and date happens on the server. Each catalogue adds its own columns and words.
import type { MediaState, StudioCategory, StudioJob } from '@efir/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDate, formatDuration, formatNumber } from '../lib/format.ts';
import type { ListColumns, ListFeatures } from './data-table.tsx';
import { DraftBadge, JobProgress, MediaBadge, SubtitlesBadge } from './status.tsx';

interface CatalogueRow {
  id: number;
  name: string;
  preview: string;
  categoryId: number;
  draft: number;
  media: MediaState;
  job: StudioJob | null;
  durationSeconds: number;
  addedAt: string;
  /** A video's subtitle languages (a radio has none). */
  subtitles?: readonly string[];
}

export type ListColumn<T extends CatalogueRow> = ListColumns<T>[number];

export function catalogueColumns<T extends CatalogueRow>(
  categories: readonly StudioCategory[],
  shape: {
    /** The picture column's name, for assistive technology. */
    picture: string;
    /** Square pictures (a radio's cover) rather than 16:9. */
    square?: boolean;
    pageOf: (id: number) => string;
    /** How often an item was used: its sort's id, header and figure. */
    uses: { id: string; header: string; of: (row: T) => number };
    /** The catalogue's own columns after the name, and after the category. */
    afterName?: readonly ListColumn<T>[];
    afterCategory?: readonly ListColumn<T>[];
  },
): ListColumns<T> {
  const helper = createColumnHelper<ListFeatures, T>();
  const categoryName = new Map(categories.map((category) => [category.id, category.name]));
  const thumb = shape.square === true ? 'table__thumb table__thumb--square' : 'table__thumb';
  return helper.columns([
    helper.accessor((row) => row.preview, {
      id: 'preview',
      header: () => <span className="visually-hidden">{shape.picture}</span>,
      enableSorting: false,
      cell: (info) =>
        info.row.original.preview === '' ? (
          <span className={thumb} aria-hidden="true" />
        ) : (
          <img className={thumb} src={info.row.original.preview} alt="" loading="lazy" />
        ),
    }),
    helper.accessor((row) => row.name, {
      id: 'name',
      header: 'Название',
      cell: (info) => (
        <Link className="table__name" to={shape.pageOf(info.row.original.id)}>
          {info.row.original.name}
        </Link>
      ),
    }),
    ...(shape.afterName ?? []),
    helper.accessor((row) => row.categoryId, {
      id: 'categoryId',
      header: 'Рубрика',
      enableSorting: false,
      cell: (info) => {
        const id = info.row.original.categoryId;
        return categoryName.get(id) ?? `№ ${String(id)}`;
      },
    }),
    ...(shape.afterCategory ?? []),
    helper.accessor((row) => row.draft, {
      id: 'draft',
      header: 'Показ',
      enableSorting: false,
      cell: (info) => <DraftBadge draft={info.row.original.draft} />,
    }),
    helper.accessor((row) => row.media, {
      id: 'media',
      header: 'Медиа',
      enableSorting: false,
      cell: (info) => {
        const { media, job, subtitles = [] } = info.row.original;
        if (media === 'preparing' && job !== null) return <JobProgress job={job} />;
        return (
          <span className="badges">
            <MediaBadge state={media} />
            <SubtitlesBadge languages={subtitles} />
          </span>
        );
      },
    }),
    helper.accessor((row) => row.durationSeconds, {
      id: 'duration',
      header: 'Длина',
      meta: { numeric: true },
      cell: (info) => formatDuration(info.row.original.durationSeconds),
    }),
    helper.accessor(shape.uses.of, {
      id: shape.uses.id,
      header: shape.uses.header,
      meta: { numeric: true },
      cell: (info) => formatNumber(shape.uses.of(info.row.original)),
    }),
    helper.accessor((row) => row.addedAt, {
      id: 'added',
      header: 'Добавлено',
      cell: (info) => formatDate(info.row.original.addedAt),
    }),
  ]);
}
