// The studio's plain tables (a page of rows the screen already has) and the steps of a pager: a
// caption for assistive technology, the columns' headings, the rows or why there are none.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';

/** A column's heading: its words, or words only read out (a column of buttons), or figures. */
export type Heading = string | { label: string; numeric?: boolean; hidden?: boolean };

export function Table<T>(props: {
  caption: string;
  /** The query the rows come from: the table is busy while it asks, and says «Загрузка…» until it has them. */
  query: { isFetching: boolean; isPending: boolean };
  headings: readonly Heading[];
  rows: readonly T[];
  row: (row: T) => ReactNode;
  /** Said in place of the rows once there are none. */
  none: string;
}) {
  return (
    <div className="table-wrap">
      <table className="table" aria-busy={props.query.isFetching}>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {props.headings.map((heading) =>
              typeof heading === 'string' ? (
                <th key={heading} scope="col">
                  {heading}
                </th>
              ) : (
                <th key={heading.label} scope="col" className={heading.numeric === true ? 'table__number' : undefined}>
                  {heading.hidden === true ? <span className="visually-hidden">{heading.label}</span> : heading.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {props.rows.length === 0 ? (
            <tr>
              <td className="table__empty" colSpan={props.headings.length}>
                {props.query.isPending ? 'Загрузка…' : props.none}
              </td>
            </tr>
          ) : (
            props.rows.map((row) => props.row(row))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A pager's steps: to the page before, where it stands («2 из 5») unless told not to, and to the
 * page after. */
export function PageSteps(props: {
  page: number;
  pages: number;
  onPrevious: () => void;
  onNext: () => void;
  /** Says the page and the number of pages between the buttons (unless false). */
  position?: boolean;
}) {
  const { page, pages } = props;
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label="Предыдущая страница"
        disabled={page <= 1}
        onClick={props.onPrevious}
      >
        <ChevronLeft size={18} aria-hidden="true" />
      </button>
      {props.position === false ? null : (
        <span aria-live="polite">
          {page} из {pages}
        </span>
      )}
      <button
        type="button"
        className="icon-button"
        aria-label="Следующая страница"
        disabled={page >= pages}
        onClick={props.onNext}
      >
        <ChevronRight size={18} aria-hidden="true" />
      </button>
    </>
  );
}
