import { AboutPage } from '../../features/about/components/about-page.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

export function AboutRoute() {
  const { t } = useI18n();
  usePageTitle(t('about.title'));
  return (
    <div className="page">
      <h1>{t('about.title')}</h1>
      <AboutPage />
    </div>
  );
}
