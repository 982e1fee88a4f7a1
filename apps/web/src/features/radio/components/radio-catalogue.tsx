import { CatalogueGrid } from '../../../components/catalogue-grid.tsx';
import { RadioCard } from '../../../components/radio-card.tsx';
import type { CatalogueState } from '../../../lib/catalogue-query.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { useRadioCatalogue } from '../api/get-radio-catalogue.ts';

/** One page of the radio catalogue; a click on a radio plays it. */
export function RadioCatalogue({ state }: { state: CatalogueState }) {
  const { t } = useI18n();
  const catalogue = useRadioCatalogue(state);
  return (
    <CatalogueGrid
      state={state}
      label={t('catalog.radios')}
      testId="radio-grid"
      page={catalogue.data}
      pending={catalogue.isPending}
      stale={catalogue.isPlaceholderData}
      renderItem={(radio, index) => <RadioCard key={radio.id} radio={radio} eager={index < 4} />}
    />
  );
}
