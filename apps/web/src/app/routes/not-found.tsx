import { AppLink } from '../../components/app-link.tsx';
import { useI18n } from '../../lib/i18n.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

export function NotFoundRoute() {
  const { t } = useI18n();
  usePageTitle(t('not_found.title'));
  return (
    <div className="page not-found" data-testid="not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('not_found.title')}</h1>
      <p>{t('not_found.text')}</p>
      <AppLink className="button" to="/">
        {t('not_found.home')}
      </AppLink>
    </div>
  );
}
