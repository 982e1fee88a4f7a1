import { RadioprogramPage } from '../../features/programme/components/radioprogram-page.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

export function RadioprogramRoute() {
  const { t } = useI18n();
  usePageTitle(t('programme.radio_title'));
  return (
    <div className="page programme-page">
      <h1>{t('programme.radio_title')}</h1>
      <RadioprogramPage />
    </div>
  );
}
