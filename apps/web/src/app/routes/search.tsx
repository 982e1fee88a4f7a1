import { useSearchParams } from 'react-router';
import { SearchResults } from '../../features/search/components/search-results.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /search?q=… */
export function SearchRoute() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  usePageTitle(q === '' ? t('search.title') : `${t('search.title')}: ${q}`);
  return (
    <div className="page">
      <h1>
        {t('search.title')}
        {q === '' ? null : <span className="search__query">: «{q}»</span>}
      </h1>
      <SearchResults key={q} q={q} />
    </div>
  );
}
