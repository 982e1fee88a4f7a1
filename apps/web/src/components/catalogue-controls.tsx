import { Link } from 'react-router';
import { type CatalogueState, type Sort, writeCatalogueState } from '../lib/catalogue-query.ts';
import { useI18n } from '../lib/i18n.tsx';
import { AppLink, useAppNavigate } from './app-link.tsx';
import { Skeleton } from './skeleton.tsx';
import './catalogue-controls.css';

interface CatalogueControlsProps {
  kind: 'tv' | 'radio';
  state: CatalogueState;
  categories: readonly { id: number; name: string }[] | undefined;
  /** The catalogue's own path, for the sort select's navigation. */
  path: string;
}

/** The TV / Radio switch, the category tabs (All + one per category) and the three-value sort. */
export function CatalogueControls({ kind, state, categories, path }: CatalogueControlsProps) {
  const { t } = useI18n();
  const navigate = useAppNavigate();
  // A category change starts again at page 1; the sort stays.
  const tabSearch = (tab: number | undefined): string =>
    `?${writeCatalogueState({ ...state, tab, page: 1 }).toString()}`;
  const tabs = [{ id: undefined, name: t('catalog.all') }, ...(categories ?? [])];
  return (
    <div className="catalogue-controls">
      <div className="catalogue-controls__row">
        <nav className="segmented" aria-label={t('catalog.title')}>
          <AppLink to="/catalog" className="segmented__item" aria-current={kind === 'tv' ? 'page' : undefined}>
            {t('catalog.tv')}
          </AppLink>
          <AppLink to="/radio/catalog" className="segmented__item" aria-current={kind === 'radio' ? 'page' : undefined}>
            {t('catalog.radio')}
          </AppLink>
        </nav>
        <label className="sort-select">
          <span>{t('catalog.sort')}</span>
          <select
            value={state.sort}
            onChange={(event) => {
              const sort = Number(event.target.value) as Sort;
              const query = writeCatalogueState({ ...state, sort }).toString();
              navigate(query === '' ? path : `${path}?${query}`);
            }}
          >
            <option value={0}>{t('catalog.sort_all')}</option>
            <option value={1}>{t('catalog.sort_popular')}</option>
            <option value={2}>{t('catalog.sort_new')}</option>
          </select>
        </label>
      </div>
      <nav className="tabs" aria-label={t('catalog.categories')}>
        {categories === undefined ? (
          <Skeleton height="44px" width="min(100%, 480px)" />
        ) : (
          <ul>
            {tabs.map((tab) => (
              <li key={tab.id ?? 'all'}>
                <Link
                  className="tabs__tab"
                  to={{ search: tabSearch(tab.id) }}
                  aria-current={tab.id === state.tab ? 'page' : undefined}
                >
                  {tab.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </nav>
    </div>
  );
}
