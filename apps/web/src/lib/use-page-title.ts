import { useEffect } from 'react';
import { useI18n } from './i18n.tsx';

/** Sets the document title from a translated label: «Каталог — Эфир»; the site's title without one. */
export function usePageTitle(label: string | undefined): void {
  const { t } = useI18n();
  const title = label === undefined || label === '' ? t('app.title') : `${label} — ${t('app.name')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
