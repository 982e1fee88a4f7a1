import { Eye, Headphones } from 'lucide-react';
import { formatCount, formatLongDate } from '../lib/dates.ts';
import { useI18n } from '../lib/i18n.tsx';

/** A view or play counter and the date added (DD MMMM YYYY), as cards and the video page show them. */
export function CountAndDate({ count, kind, date }: { count: number; kind: 'views' | 'plays'; date: string }) {
  const { t, locale } = useI18n();
  const Icon = kind === 'views' ? Eye : Headphones;
  return (
    <>
      <span className="card__views">
        <Icon aria-hidden="true" size={16} />
        <span className="visually-hidden">{t(kind === 'views' ? 'catalog.views' : 'catalog.plays')}: </span>
        {formatCount(count)}
      </span>
      <time dateTime={date}>{formatLongDate(date, locale)}</time>
    </>
  );
}
