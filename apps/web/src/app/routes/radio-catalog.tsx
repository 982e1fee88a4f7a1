import { useSearchParams } from 'react-router';
import { CatalogueControls } from '../../components/catalogue-controls.tsx';
import { Page } from '../../components/page.tsx';
import { useRadioCategories } from '../../features/radio/api/get-radio-categories.ts';
import { PopularProgrammes } from '../../features/radio/components/popular-programmes.tsx';
import { RadioCatalogue } from '../../features/radio/components/radio-catalogue.tsx';
import { RadioListing } from '../../features/radio/components/radio-listing.tsx';
import { readCatalogueState } from '../../lib/catalogue-query.ts';
import { useI18n } from '../../lib/i18n.tsx';

/** /radio/catalog: the radio catalogue; on 'all' also the popular list and the listing block. */
export function RadioCatalogRoute() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const state = readCatalogueState(params);
  const categories = useRadioCategories();
  return (
    <Page title="radio_catalog.title">
      <CatalogueControls kind="radio" path="/radio/catalog" state={state} categories={categories.data} />
      {state.tab === undefined ? (
        <>
          <PopularProgrammes title={t('catalog.popular')} />
          <RadioListing />
        </>
      ) : null}
      <RadioCatalogue state={state} />
    </Page>
  );
}
