import { useI18n } from '../../lib/i18n.tsx';

/** The broadcaster's mark: a dot in two rings, the signal going out, and the name. */
export function Logo() {
  const { t } = useI18n();
  return (
    <span className="logo">
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <circle cx="16" cy="16" r="14" fill="none" stroke="currentColor" strokeOpacity=".45" strokeWidth="2.5" />
        <circle cx="16" cy="16" r="8.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <circle cx="16" cy="16" r="3.5" fill="var(--color-live)" />
      </svg>
      <span className="logo__name">{t('app.name')}</span>
    </span>
  );
}
