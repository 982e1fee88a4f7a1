import { AppLink } from '../../../components/app-link.tsx';
import { isVideoReady } from '../../../lib/media-ready.ts';
import { type DayKind, isTeleprogramItemClickable } from '../../../lib/programme-day.ts';
import { useTeleprogramDays } from '../api/get-teleprogram-days.ts';
import { useTeleprogramToday } from '../api/get-teleprogram-today.ts';
import { useTeleprogramVideos } from '../api/get-teleprogram-videos.ts';
import { ProgrammeEntry } from './programme-entry.tsx';
import { ProgrammeFrame } from './programme-frame.tsx';
import { ProgrammeList } from './programme-list.tsx';
import './programme.css';

/** A day's teleprogram: start time, preview with a play icon, name and description; a block opens
 * its video where the rules allow. */
function TeleprogramDay({ dayId, kind }: { dayId: number; kind: DayKind }) {
  const items = useTeleprogramVideos(dayId);
  return (
    <ProgrammeList kind={kind} testId="teleprogram" items={items}>
      {(item, onAir) => {
        const clickable = isTeleprogramItemClickable(kind, item.video.draft);
        const body = (
          <ProgrammeEntry
            startsAt={item.time_to_start}
            preview={item.video.get_preview}
            playable={clickable}
            onAir={onAir}
            name={item.video.name}
            description={item.video.description}
            ready={isVideoReady(item.video)}
          />
        );
        return clickable ? (
          <AppLink className="programme__block programme__block--link" to={`/video/item/${item.video.id}`}>
            {body}
          </AppLink>
        ) : (
          <div className="programme__block" data-clickable="false">
            {body}
          </div>
        );
      }}
    </ProgrammeList>
  );
}

/** /tv: the day slider and the chosen day's teleprogram. */
export function TeleprogramPage() {
  const days = useTeleprogramDays();
  const today = useTeleprogramToday();
  return <ProgrammeFrame days={days} today={today.data} blocks={TeleprogramDay} />;
}
