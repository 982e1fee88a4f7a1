import { Skeleton } from '../../../components/skeleton.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { usePopularProgrammes } from '../api/get-popular-programmes.ts';
import { RadioRow } from './radio-row.tsx';

/** The most played programmes, turning every 5 s. */
export function PopularProgrammes({ title }: { title?: string }) {
  const { t } = useI18n();
  const popular = usePopularProgrammes();
  if (popular.data === undefined) return popular.isPending ? <Skeleton height="220px" /> : null;
  return (
    <RadioRow
      id="popular-programmes"
      title={title ?? t('radio.popular_programmes')}
      radios={popular.data}
      autoplayMs={5000}
    />
  );
}
