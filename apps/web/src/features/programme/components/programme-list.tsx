import type { ReactNode } from 'react';
import { useI18n } from '../../../lib/i18n.tsx';
import type { DayKind } from '../../../lib/programme-day.ts';
import { useOnAirRow } from '../hooks/use-on-air-row.ts';
import { ProgrammeSkeleton } from './programme-skeleton.tsx';

interface ProgrammeListProps<Item> {
  kind: DayKind;
  testId: string;
  /** The day's items as asked. */
  items: { data: { results: readonly Item[] } | undefined; isPending: boolean };
  /** The class of every row, besides the on-air row's mark. */
  rowClassName?: string;
  /** A row's content; `onAir`: the item on air now. */
  children: (item: Item, onAir: boolean) => ReactNode;
}

/** The list both programme pages share: one row a block, the one on air marked and scrolled to. */
export function ProgrammeList<Item extends { id: number; time_to_start: string }>({
  kind,
  testId,
  items,
  rowClassName,
  children,
}: ProgrammeListProps<Item>) {
  const { t } = useI18n();
  const onAir = useOnAirRow(
    kind,
    items.data?.results.map((item) => item.time_to_start),
  );
  if (items.data === undefined) return items.isPending ? <ProgrammeSkeleton /> : null;
  if (items.data.results.length === 0) return <p className="empty-state">{t('programme.empty')}</p>;
  return (
    <ol className="programme" data-testid={testId} data-day-kind={kind} aria-busy={onAir.positioning || undefined}>
      {items.data.results.map((item, index) => {
        const onAirRow = index === onAir.index;
        return (
          <li
            key={item.id}
            className={onAirRow ? `${rowClassName ?? ''} programme__on-air`.trimStart() : rowClassName}
            {...(onAirRow ? { ref: onAir.rowRef, 'aria-current': 'time' as const } : {})}
          >
            {children(item, onAirRow)}
          </li>
        );
      })}
    </ol>
  );
}
