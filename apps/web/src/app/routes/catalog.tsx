import { useSearchParams } from 'react-router';
import { CatalogueControls } from '../../components/catalogue-controls.tsx';
import { Page } from '../../components/page.tsx';
import { useVideoCategories } from '../../features/catalog/api/get-video-categories.ts';
import { VideoCatalogue } from '../../features/catalog/components/video-catalogue.tsx';
import { Slideshow } from '../../features/slideshow/components/slideshow.tsx';
import { readCatalogueState } from '../../lib/catalogue-query.ts';
import { useI18n } from '../../lib/i18n.tsx';

/** /catalog: the video catalogue. */
export function CatalogRoute() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const state = readCatalogueState(params);
  const categories = useVideoCategories();
  return (
    <Page title="catalog.title">
      <CatalogueControls kind="tv" path="/catalog" state={state} categories={categories.data} />
      {state.tab === undefined ? <Slideshow name="catalog" label={t('catalog.slideshow')} autoplayMs={5000} /> : null}
      <VideoCatalogue state={state} />
    </Page>
  );
}
