import { useRouteError } from 'react-router';
import { useI18n } from '../../lib/i18n.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** A screen that failed to load or render: said plainly, with a way to try again. */
export function RouteError() {
  const { t } = useI18n();
  const error = useRouteError();
  console.error(error);
  usePageTitle(t('error.page_title'));
  return (
    <div className="page not-found">
      <h1>{t('error.page_title')}</h1>
      <p>{t('error.page_text')}</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          window.location.reload();
        }}
      >
        {t('error.reload')}
      </button>
    </div>
  );
}
