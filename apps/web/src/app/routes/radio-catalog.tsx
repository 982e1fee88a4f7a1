import { useSearchParams } from 'react-router';
import { CatalogueControls } from '../../components/catalogue-controls.tsx';
import { useRadioCategories } from '../../features/radio/api/get-radio-categories.ts';
import { PopularProgrammes } from '../../features/radio/components/popular-programmes.tsx';
import { RadioCatalogue } from '../../features/radio/components/radio-catalogue.tsx';
import { RadioListing } from '../../features/radio/components/radio-listing.tsx';
import { readCatalogueState } from '../../lib/catalogue-query.ts';
import { useI18n } from '../../lib/i18n.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /radio/catalog: the radio catalogue; on 'all' also the popular list and the listing block. */
export function RadioCatalogRoute() {
  const { t } = useI18n();
  usePageTitle(t('radio_catalog.title'));
  const [params] = useSearchParams();
  const state = readCatalogueState(params);
  const categories = useRadioCategories();
  return (
    <div className="page">
      <h1>{t('radio_catalog.title')}</h1>
      <CatalogueControls kind="radio" path="/radio/catalog" state={state} categories={categories.data} />
      {state.tab === undefined ? (
        <>
          <PopularProgrammes title={t('catalog.popular')} />
          <RadioListing />
        </>
      ) : null}
      <RadioCatalogue state={state} />
    </div>
  );
}
