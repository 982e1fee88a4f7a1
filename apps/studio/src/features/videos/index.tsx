// The video list: search, filters, sorting and paging, all in the address; adding a video.
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ListFilters } from '../../components/list-filters.tsx';
import { problemOf } from '../../lib/api.ts';
import { readListQuery, writeListQuery, type ListQuery } from '../../lib/list-query.ts';
import { studioLimits } from '@efir/contract';
import { type VideoSort, videoCategoriesQuery, videoSorts, videosQuery } from './api.ts';
import { VideoAddDialog } from './video-add-dialog.tsx';
import { videoColumns } from './videos-columns.tsx';

export default function VideosPage() {
  const [params, setParams] = useSearchParams();
  const list = readListQuery(params, videoSorts);
  const categories = useQuery(videoCategoriesQuery);
  const videos = useQuery(videosQuery(list));
  const columns = useMemo(() => videoColumns(categories.data ?? []), [categories.data]);
  const [adding, setAdding] = useState(false);
  const go = (next: ListQuery<VideoSort>): void => {
    setParams(writeListQuery(next, videoSorts[0]));
  };
  return (
    <>
      <PageHeader title="Видео" about="Весь каталог: опубликованное, премьеры, скрытое и то, что ещё обрабатывается.">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setAdding(true);
          }}
        >
          <Plus size={16} aria-hidden="true" />
          Добавить видео
        </button>
      </PageHeader>
      <ListFilters list={list} categories={categories.data ?? []} onChange={go} />
      {videos.isError ? (
        <p className="alert" role="alert">
          {problemOf(videos.error)}
        </p>
      ) : null}
      <DataTable
        caption="Видео"
        columns={columns}
        rows={videos.data?.results ?? []}
        count={videos.data?.count ?? 0}
        loading={videos.isFetching}
        rowId={(video) => String(video.id)}
        sorting={[{ id: list.sort, desc: list.order === 'desc' }]}
        onSortingChange={(sorting) => {
          const first = sorting[0];
          const sort = videoSorts.find((entry) => entry === first?.id) ?? list.sort;
          go({ ...list, sort, order: first?.desc === false ? 'asc' : 'desc', page: 1 });
        }}
        pagination={{ pageIndex: list.page - 1, pageSize: list.size }}
        onPaginationChange={(pagination) => {
          go({ ...list, page: pagination.pageIndex + 1, size: pagination.pageSize });
        }}
        pageSizes={studioLimits.pageSizes}
        empty={videos.isPending ? 'Загрузка…' : 'Ничего не нашлось.'}
      />
      <VideoAddDialog
        open={adding}
        onClose={() => {
          setAdding(false);
        }}
      />
    </>
  );
}
