// The catalogue's page list, exactly as SPEC §5 says: the page count is count / 30 rounded (not
// ceiled); up to 6 pages are all shown; otherwise page 1 shows 1–4 … last, a page near the end the
// last 6, any other page p−1 … p+2 … last.
import { pageSize } from '@efir/contract';

export type PageItem = number | 'ellipsis';

export function pageCount(count: number): number {
  return Math.round(count / pageSize);
}

/** The items of the page list; empty when there are 0 or 1 pages (the list is hidden). */
export function pageItems(page: number, pages: number): PageItem[] {
  if (pages <= 1) return [];
  const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (pages <= 6) return range(1, pages);
  if (page <= 1) return [...range(1, 4), 'ellipsis', pages];
  if (pages - 5 < page) return range(pages - 5, pages);
  return [...range(page - 1, page + 2), 'ellipsis', pages];
}
