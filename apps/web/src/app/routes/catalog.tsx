import { useSearchParams } from 'react-router';
import { CatalogueControls } from '../../components/catalogue-controls.tsx';
import { useVideoCategories } from '../../features/catalog/api/get-video-categories.ts';
import { VideoCatalogue } from '../../features/catalog/components/video-catalogue.tsx';
import { Slideshow } from '../../features/slideshow/components/slideshow.tsx';
import { readCatalogueState } from '../../lib/catalogue-query.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /catalog: the video catalogue. */
export function CatalogRoute() {
  const { t } = useI18n();
  usePageTitle(t('catalog.title'));
  const [params] = useSearchParams();
  const state = readCatalogueState(params);
  const categories = useVideoCategories();
  return (
    <div className="page">
      <h1>{t('catalog.title')}</h1>
      <CatalogueControls kind="tv" path="/catalog" state={state} categories={categories.data} />
      {state.tab === undefined ? <Slideshow name="catalog" label={t('catalog.slideshow')} autoplayMs={5000} /> : null}
      <VideoCatalogue state={state} />
    </div>
  );
}
