import { useState } from 'react';
import { useI18n } from '../../lib/i18n.tsx';
import { readStored, writeStored } from '../../lib/storage.ts';

/** Shown until the visitor presses «Хорошо», which stores cookiesAccepted = 'true'. */
export function CookieNotice() {
  const { t } = useI18n();
  const [accepted, setAccepted] = useState(() => readStored('cookiesAccepted') === 'true');
  if (accepted) return null;
  return (
    <section className="cookie-notice" aria-label={t('cookies.title')}>
      <p>{t('cookies.text')}</p>
      <button
        type="button"
        className="button"
        onClick={() => {
          writeStored('cookiesAccepted', 'true');
          setAccepted(true);
        }}
      >
        {t('cookies.accept')}
      </button>
    </section>
  );
}
