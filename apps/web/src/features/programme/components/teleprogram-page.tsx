import { AppLink } from '../../../components/app-link.tsx';
import { useI18n } from '../../../lib/i18n.tsx';
import { isVideoReady } from '../../../lib/media-ready.ts';
import { type DayKind, isTeleprogramItemClickable } from '../../../lib/programme-day.ts';
import { useTeleprogramDays } from '../api/get-teleprogram-days.ts';
import { useTeleprogramToday } from '../api/get-teleprogram-today.ts';
import { useTeleprogramVideos } from '../api/get-teleprogram-videos.ts';
import { ProgrammeEntry } from './programme-entry.tsx';
import { ProgrammeFrame } from './programme-frame.tsx';
import { ProgrammeSkeleton } from './programme-skeleton.tsx';
import { useOnAirRow } from '../hooks/use-on-air-row.ts';
import './programme.css';

/** A day's teleprogram: start time, preview with a play icon, name and description; a block opens
 * its video where the rules allow. */
function TeleprogramDay({ dayId, kind }: { dayId: number; kind: DayKind }) {
  const { t } = useI18n();
  const items = useTeleprogramVideos(dayId);
  const onAir = useOnAirRow(
    kind,
    items.data?.results.map((item) => item.time_to_start),
  );
  if (items.data === undefined) return items.isPending ? <ProgrammeSkeleton /> : null;
  if (items.data.results.length === 0) return <p className="empty-state">{t('programme.empty')}</p>;
  return (
    <ol className="programme" data-testid="teleprogram" data-day-kind={kind}>
      {items.data.results.map((item, index) => {
        const clickable = isTeleprogramItemClickable(kind, item.video.draft);
        const body = (
          <ProgrammeEntry
            startsAt={item.time_to_start}
            preview={item.video.get_preview}
            playable={clickable}
            onAir={index === onAir.index}
            name={item.video.name}
            description={item.video.description}
            ready={isVideoReady(item.video)}
          />
        );
        return (
          <li
            key={item.id}
            {...(index === onAir.index
              ? { ref: onAir.rowRef, className: 'programme__on-air', 'aria-current': 'time' as const }
              : {})}
          >
            {clickable ? (
              <AppLink className="programme__block programme__block--link" to={`/video/item/${item.video.id}`}>
                {body}
              </AppLink>
            ) : (
              <div className="programme__block" data-clickable="false">
                {body}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** /tv: the day slider and the chosen day's teleprogram. */
export function TeleprogramPage() {
  const days = useTeleprogramDays();
  const today = useTeleprogramToday();
  return (
    <ProgrammeFrame days={days} today={today.data}>
      {(dayId, kind) => <TeleprogramDay key={dayId} dayId={dayId} kind={kind} />}
    </ProgrammeFrame>
  );
}
