// A catalogue's list in the studio, videos or radios: search, filters, sorting and paging, all in
// the address; its add button opens the catalogue's own dialog. Each catalogue tells its calls,
// columns and words.
import { type StudioCategory, studioLimits } from '@efir/contract';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ListQuery, readListQuery, writeListQuery } from '../lib/list-query.ts';
import { DataTable, type ListColumns } from './data-table.tsx';
import { ListFilters } from './list-filters.tsx';
import { AddButton, PageHeader } from './page-header.tsx';
import { CallProblem } from './fields.tsx';

export interface CatalogueListProps<
  S extends string,
  T extends { id: number },
  KC extends QueryKey,
  KP extends QueryKey,
> {
  title: string;
  about: string;
  /** The add button's words. */
  add: string;
  /** The table's name for assistive technology. */
  caption: string;
  /** The orders the server sorts by, the first the default. */
  sorts: readonly [S, ...S[]];
  categories: UseQueryOptions<StudioCategory[], Error, StudioCategory[], KC>;
  page: (
    list: ListQuery<S>,
  ) => UseQueryOptions<{ count: number; results: T[] }, Error, { count: number; results: T[] }, KP>;
  columns: (categories: readonly StudioCategory[]) => ListColumns<T>;
  /** Radios: programmes or songs. */
  withKind?: boolean;
  addDialog: (open: boolean, onClose: () => void) => ReactNode;
}

export function CatalogueList<S extends string, T extends { id: number }, KC extends QueryKey, KP extends QueryKey>(
  props: CatalogueListProps<S, T, KC, KP>,
) {
  const { sorts } = props;
  const [params, setParams] = useSearchParams();
  const list = readListQuery(params, sorts);
  const categories = useQuery(props.categories);
  const page = useQuery(props.page(list));
  const { columns: columnsOf } = props;
  const columns = useMemo(() => columnsOf(categories.data ?? []), [columnsOf, categories.data]);
  const [adding, setAdding] = useState(false);
  const go = (next: ListQuery<S>): void => {
    setParams(writeListQuery(next, sorts[0]));
  };
  return (
    <>
      <PageHeader title={props.title} about={props.about}>
        <AddButton
          label={props.add}
          onClick={() => {
            setAdding(true);
          }}
        />
      </PageHeader>
      <ListFilters list={list} categories={categories.data ?? []} onChange={go} withKind={props.withKind} />
      <CallProblem call={page} />
      <DataTable
        caption={props.caption}
        columns={columns}
        rows={page.data?.results ?? []}
        count={page.data?.count ?? 0}
        loading={page.isFetching}
        rowId={(row) => String(row.id)}
        sorting={[{ id: list.sort, desc: list.order === 'desc' }]}
        onSortingChange={(sorting) => {
          const first = sorting[0];
          const sort = sorts.find((entry) => entry === first?.id) ?? list.sort;
          go({ ...list, sort, order: first?.desc === false ? 'asc' : 'desc', page: 1 });
        }}
        pagination={{ pageIndex: list.page - 1, pageSize: list.size }}
        onPaginationChange={(pagination) => {
          go({ ...list, page: pagination.pageIndex + 1, size: pagination.pageSize });
        }}
        pageSizes={studioLimits.pageSizes}
        empty={page.isPending ? 'Загрузка…' : 'Ничего не нашлось.'}
      />
      {props.addDialog(adding, () => {
        setAdding(false);
      })}
    </>
  );
}
