import type { ComponentType } from 'react';
import { Skeleton } from '../../../components/skeleton.tsx';
import { todayInSite } from '../../../lib/dates.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import { type DayKind, dayKind } from '../../../lib/programme-day.ts';
import { useProgrammeDay } from '../hooks/use-programme-day.ts';
import { DaySlider } from './day-slider.tsx';
import { ProgrammeSkeleton } from './programme-skeleton.tsx';

interface Day {
  id: number;
  date_to_start: string;
}

interface ProgrammeFrameProps {
  days: { data: readonly Day[] | undefined; isError: boolean };
  /** Today's run, or 'none' (a failed answer counts as 'none'). */
  today: Day | 'none' | undefined;
  /** The chosen day's blocks, shown once its content is due. */
  blocks: ComponentType<{ dayId: number; kind: DayKind }>;
}

/** The part both programme pages share: the day slider over the chosen day's blocks. */
export function ProgrammeFrame({ days, today, blocks: Blocks }: ProgrammeFrameProps) {
  const { t } = useI18n();
  const { selectedId, contentId, choose } = useProgrammeDay(days.data, today);
  if (days.data === undefined || today === undefined) {
    // Shaped like the slider and the blocks, so nothing jumps when they arrive.
    return days.isError ? null : (
      <>
        <Skeleton height="64px" />
        <ProgrammeSkeleton />
      </>
    );
  }
  if (days.data.length === 0) return <p className="empty-state">{t('programme.empty')}</p>;
  const todayDate = typeof today === 'object' ? today.date_to_start : todayInSite();
  const day = days.data.find((d) => d.id === selectedId);
  const kind = day === undefined ? 'future' : dayKind(day.date_to_start, todayDate);
  return (
    <>
      <DaySlider days={days.data} selectedId={selectedId} today={todayDate} onSelect={choose} />
      {contentId === undefined ? <ProgrammeSkeleton /> : <Blocks key={contentId} dayId={contentId} kind={kind} />}
    </>
  );
}
