import { TeleprogramPage } from '../../features/programme/components/teleprogram-page.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

export function TeleprogramRoute() {
  const { t } = useI18n();
  usePageTitle(t('programme.tv_title'));
  return (
    <div className="page programme-page">
      <h1>{t('programme.tv_title')}</h1>
      <TeleprogramPage />
    </div>
  );
}
