// The radio list: search, filters (programmes or songs among them), sorting and paging, all in the
// address; adding a radio.
import { studioLimits } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/data-table.tsx';
import { ListFilters } from '../../components/list-filters.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { problemOf } from '../../lib/api.ts';
import { type ListQuery, readListQuery, writeListQuery } from '../../lib/list-query.ts';
import { radioCategoriesQuery, type RadioSort, radioSorts, radiosQuery } from './api.ts';
import { RadioAddDialog } from './radio-add-dialog.tsx';
import { radioColumns } from './radios-columns.tsx';

export default function RadiosPage() {
  const [params, setParams] = useSearchParams();
  const list = readListQuery(params, radioSorts);
  const categories = useQuery(radioCategoriesQuery);
  const radios = useQuery(radiosQuery(list));
  const columns = useMemo(() => radioColumns(categories.data ?? []), [categories.data]);
  const [adding, setAdding] = useState(false);
  const go = (next: ListQuery<RadioSort>): void => {
    setParams(writeListQuery(next, radioSorts[0]));
  };
  return (
    <>
      <PageHeader
        title="Радио"
        about="Передачи и песни: опубликованное, премьеры, скрытое и то, что ещё обрабатывается."
      >
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setAdding(true);
          }}
        >
          <Plus size={16} aria-hidden="true" />
          Добавить запись
        </button>
      </PageHeader>
      <ListFilters list={list} categories={categories.data ?? []} onChange={go} withKind />
      {radios.isError ? (
        <p className="alert" role="alert">
          {problemOf(radios.error)}
        </p>
      ) : null}
      <DataTable
        caption="Радиозаписи"
        columns={columns}
        rows={radios.data?.results ?? []}
        count={radios.data?.count ?? 0}
        loading={radios.isFetching}
        rowId={(radio) => String(radio.id)}
        sorting={[{ id: list.sort, desc: list.order === 'desc' }]}
        onSortingChange={(sorting) => {
          const first = sorting[0];
          const sort = radioSorts.find((entry) => entry === first?.id) ?? list.sort;
          go({ ...list, sort, order: first?.desc === false ? 'asc' : 'desc', page: 1 });
        }}
        pagination={{ pageIndex: list.page - 1, pageSize: list.size }}
        onPaginationChange={(pagination) => {
          go({ ...list, page: pagination.pageIndex + 1, size: pagination.pageSize });
        }}
        pageSizes={studioLimits.pageSizes}
        empty={radios.isPending ? 'Загрузка…' : 'Ничего не нашлось.'}
      />
      <RadioAddDialog
        open={adding}
        onClose={() => {
          setAdding(false);
        }}
      />
    </>
  );
}
