import { Carousel } from '../../../components/carousel.tsx';
import { formatDayMonth, formatWeekday } from '../../../lib/dates.ts';
import { useI18n } from '../../../lib/i18n.tsx';
import './programme.css';

const slidesPerMove = 2;

interface DaySliderProps {
  days: readonly { id: number; date_to_start: string }[];
  selectedId: number | undefined;
  today: string;
  onSelect: (id: number) => void;
}

/** The programme's days: 3.5 per view on mobile, 7 from 700 px, moving 2 at a time, starting at the
 * chosen day. */
export function DaySlider({ days, selectedId, today, onSelect }: DaySliderProps) {
  const { t, locale } = useI18n();
  // Embla counts groups of slides: with 2 per move, day n sits in group n / 2.
  const startIndex = Math.floor(
    Math.max(
      0,
      days.findIndex((day) => day.id === selectedId),
    ) / slidesPerMove,
  );
  return (
    <Carousel
      className="day-slider"
      label={t('programme.days')}
      perView={{ mobile: 3.5, wide: 7 }}
      gap={8}
      slidesToScroll={slidesPerMove}
      startIndex={startIndex}
      slides={days.map((day) => ({
        key: day.id,
        content: (
          <button
            type="button"
            className="day"
            aria-pressed={day.id === selectedId}
            data-date={day.date_to_start}
            onClick={() => {
              onSelect(day.id);
            }}
          >
            <span className="day__name">
              {day.date_to_start === today ? t('programme.today') : formatWeekday(day.date_to_start, locale)}
            </span>
            <span className="day__date">{formatDayMonth(day.date_to_start, locale)}</span>
          </button>
        ),
      }))}
    />
  );
}
