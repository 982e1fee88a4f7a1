import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';

interface PageProps {
  /** The translation key of the screen's heading, which is also the document's title. */
  title: string;
  className?: string;
  children: ReactNode;
}

/** A screen under its heading. */
export function Page({ title, className = 'page', children }: PageProps) {
  const { t } = useI18n();
  usePageTitle(t(title));
  return (
    <div className={className}>
      <h1>{t(title)}</h1>
      {children}
    </div>
  );
}
