import type { ReactNode } from 'react';
import { type CatalogueState, writeCatalogueState } from '../lib/catalogue-query.ts';
import { useI18n } from '../lib/i18n.tsx';
import { pageCount } from '../lib/pagination.ts';
import { Pagination } from './pagination.tsx';
import { CardGridSkeleton } from './skeleton.tsx';

interface CatalogueGridProps<T> {
  state: CatalogueState;
  label: string;
  testId: string;
  /** The page's answer; undefined while the first one loads or after a failure. */
  page: { count: number; results: readonly T[] } | undefined;
  pending: boolean;
  /** The previous page is shown while the next one loads. */
  stale: boolean;
  renderItem: (item: T, index: number) => ReactNode;
}

/** One catalogue page as a grid of cards with the page list under it. */
export function CatalogueGrid<T>({ state, label, testId, page, pending, stale, renderItem }: CatalogueGridProps<T>) {
  const { t } = useI18n();
  if (page === undefined) return pending ? <CardGridSkeleton /> : null;
  return (
    <section className="section" aria-labelledby={`${testId}-title`} aria-busy={stale}>
      <h2 id={`${testId}-title`} className="visually-hidden">
        {label}
      </h2>
      {page.results.length === 0 ? (
        <p className="empty-state">{t('catalog.empty')}</p>
      ) : (
        <div className="card-grid" data-testid={testId}>
          {page.results.map(renderItem)}
        </div>
      )}
      <Pagination
        page={state.page}
        pages={pageCount(page.count)}
        searchFor={(number) => `?${writeCatalogueState({ ...state, page: number }).toString()}`}
      />
    </section>
  );
}
