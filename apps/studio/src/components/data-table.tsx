// The studio's lists: TanStack Table over a page the server sorted and cut (the list's state
// lives in the address, so a list can be bookmarked and the back button works).
import {
  type ColumnHelper,
  metaHelper,
  type PaginationState,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatNumber } from '../lib/format.ts';
import { PageSteps } from './table.tsx';

/** A column's meta: whether it holds figures (right-aligned). */
export interface ListColumnMeta {
  numeric?: boolean;
}

export const listFeatures = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnMeta: metaHelper<ListColumnMeta>(),
});
export type ListFeatures = typeof listFeatures;
/** A list's columns, as the column helper's `columns` makes them. */
export type ListColumns<T extends RowData> = ReturnType<ColumnHelper<ListFeatures, T>['columns']>;

export interface DataTableProps<T extends RowData> {
  caption: string;
  columns: ListColumns<T>;
  rows: T[];
  count: number;
  sorting: SortingState;
  onSortingChange: (sorting: SortingState) => void;
  pagination: PaginationState;
  onPaginationChange: (pagination: PaginationState) => void;
  pageSizes: readonly number[];
  rowId: (row: T) => string;
  empty: ReactNode;
  loading?: boolean;
}

/** A table with sortable column headers and a pager under it. */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const table = useTable({
    features: listFeatures,
    columns: props.columns,
    data: props.rows,
    rowCount: props.count,
    getRowId: props.rowId,
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    state: { sorting: props.sorting, pagination: props.pagination },
    onSortingChange: (updater) => {
      props.onSortingChange(typeof updater === 'function' ? updater(props.sorting) : updater);
    },
    onPaginationChange: (updater) => {
      props.onPaginationChange(typeof updater === 'function' ? updater(props.pagination) : updater);
    },
  });
  const pages = Math.max(1, Math.ceil(props.count / props.pagination.pageSize));
  const page = props.pagination.pageIndex + 1;
  const rows = table.getRowModel().rows;
  return (
    <div className="stack">
      <div className="table-wrap">
        <table className="table" aria-busy={props.loading === true}>
          <caption className="visually-hidden">{props.caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const meta = header.column.columnDef.meta;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={meta?.numeric === true ? 'table__number' : undefined}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button type="button" onClick={header.column.getToggleSortingHandler()}>
                          <table.FlexRender header={header} />
                          {sorted === 'asc' ? (
                            <ArrowUp size={14} aria-hidden="true" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown size={14} aria-hidden="true" />
                          ) : (
                            <ArrowUpDown size={14} aria-hidden="true" />
                          )}
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td className="table__empty" colSpan={props.columns.length}>
                  {props.empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id}>
                  {row.getAllCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    return (
                      <td key={cell.id} className={meta?.numeric === true ? 'table__number' : undefined}>
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="pager">
        <span>Всего: {formatNumber(props.count)}</span>
        <div className="pager__controls">
          <label className="row">
            <span>Строк на странице</span>
            <select
              className="select"
              style={{ width: 'auto' }}
              value={props.pagination.pageSize}
              onChange={(event) => {
                props.onPaginationChange({ pageIndex: 0, pageSize: Number(event.target.value) });
              }}
            >
              {props.pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <PageSteps
            page={page}
            pages={pages}
            onPrevious={() => {
              table.previousPage();
            }}
            onNext={() => {
              table.nextPage();
            }}
          />
        </div>
      </div>
    </div>
  );
}
