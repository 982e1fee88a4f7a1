// A channel's week at a glance: each day on a 24-hour bar (items, ads, slots without media, the
// slate between items), with its figures; a day opens in the editor.
import { type ChannelView, instantOf } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { formatDuration } from '../../lib/format.ts';
import { channelName, clockAfter, clockFormat } from '../../lib/channels.ts';
import { weekQuery } from './api.ts';
import { DayNavigation, useDayParams, WithChannel } from './index.tsx';
import './schedule.css';
import { Loaded } from '../../components/loaded.tsx';

const dayMs = 24 * 3600 * 1000;
const kindNames = { item: 'Передачи', ad: 'Реклама', missing: 'Нет медиа (заставка)', gap: 'Пауза (заставка)' };

export default function WeekPage() {
  const { channel: slug, date } = useDayParams();
  return <WithChannel slug={slug} render={(channel) => <Week channel={channel} date={date} />} />;
}

function Week({ channel: aired, date }: { channel: ChannelView; date: string }) {
  const channel = aired.slug;
  const week = useQuery(weekQuery(channel, date));
  return (
    <>
      <PageHeader
        title={`Неделя: ${channelName(aired.slug, aired.name)}`}
        about="Покрытие суток по дням: где идут передачи, где заставка и где нет медиа."
      />
      <DayNavigation channel={channel} date={date} base="/schedule-week" step={7} />
      <p className="week__legend" aria-label="Обозначения">
        {Object.entries(kindNames).map(([kind, name]) => (
          <span key={kind}>
            <span className="week__span" data-kind={kind} aria-hidden="true" />
            {name}
          </span>
        ))}
      </p>
      <Loaded query={week}>
        {(data) => (
          <section className="panel">
            <ol className="week" aria-label="Дни недели">
              {data.days.map((day) => {
                const zone = data.zone;
                const clock = clockFormat(zone);
                const until = clockAfter(zone, day.date);
                const midnight = instantOf(zone, day.date, '00:00:00');
                const at = (t: number): string =>
                  `${String(Math.min(100, Math.max(0, ((t - midnight) / dayMs) * 100)))}%`;
                const label = new Date(`${day.date}T12:00:00Z`).toLocaleDateString('ru-RU', {
                  weekday: 'short',
                  day: 'numeric',
                  month: 'short',
                  timeZone: 'UTC',
                });
                return (
                  <li key={day.date} className="week__day" data-testid="week-day">
                    <Link to={`/schedule/${channel}/${day.date}`}>{label}</Link>
                    <div
                      className="week__bar"
                      role="img"
                      aria-label={
                        day.start === null
                          ? `${label}: сетки нет`
                          : `${label}: с ${clock(day.start)} до ${until(day.end ?? day.start)}, пауз ${formatDuration(day.gapSeconds)}`
                      }
                    >
                      {day.spans.map((span) => (
                        <span
                          key={`${String(span.start)}-${span.kind}`}
                          className="week__span"
                          data-kind={span.kind}
                          style={{ left: at(span.start), width: `calc(${at(span.end)} - ${at(span.start)})` }}
                        />
                      ))}
                    </div>
                    <span className="week__stats muted">
                      {day.start === null
                        ? 'Сетки нет'
                        : `${clock(day.start)}–${until(day.end ?? day.start)} · передач ${String(day.items)} · в эфире ${formatDuration(day.airedSeconds)} · заставка ${formatDuration(day.gapSeconds)}${day.missing > 0 ? ` · без медиа ${String(day.missing)}` : ''}${day.cut > 0 ? ` · обрезано ${String(day.cut)}` : ''}`}
                    </span>
                  </li>
                );
              })}
            </ol>
            <p className="week__hours muted" aria-hidden="true">
              <span>00:00</span>
              <span>06:00</span>
              <span>12:00</span>
              <span>18:00</span>
              <span>24:00</span>
            </p>
          </section>
        )}
      </Loaded>
    </>
  );
}
