import { Link } from 'react-router';
import { useI18n } from '../lib/i18n.tsx';
import { pageItems } from '../lib/pagination.ts';
import './pagination.css';

interface PaginationProps {
  page: number;
  pages: number;
  /** The link's query for a page. */
  searchFor: (page: number) => string;
}

/** The page list of SPEC §5; hidden at 0 or 1 page. The ellipsis is not a control: a click on it
 * does nothing. */
export function Pagination({ page, pages, searchFor }: PaginationProps) {
  const { t } = useI18n();
  const items = pageItems(page, pages);
  if (items.length === 0) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.page')}>
      <ul>
        {items.map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`ellipsis-${index}`}>
              <span className="pagination__ellipsis" data-testid="pagination-ellipsis">
                …
              </span>
            </li>
          ) : (
            <li key={item}>
              <Link
                className="pagination__page"
                to={{ search: searchFor(item) }}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`${t('pagination.page')} ${item}`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
