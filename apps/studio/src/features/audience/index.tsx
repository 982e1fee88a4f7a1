// The audience dashboard: each channel's players now, its players over the chosen range (on
// average per step), what visitors did (views, plays, chat posts, searches) and the searches most
// asked. A range that ends now is asked again every sample, so the charts follow the air.
import { audienceLimits, audienceRange, type StudioAnswer } from '@efir/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Loaded } from '../../components/loaded.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { audienceSummary } from '../../lib/audience.ts';
import { callKey, studio } from '../../lib/api.ts';
import { channelName } from '../../lib/channels.ts';
import { formatNumber } from '../../lib/format.ts';
import { type ChartSeries, TimeChart } from './time-chart.tsx';
import './audience.css';

type Report = StudioAnswer<'audience'>;

const hour = 3_600_000;
const presets = [
  { key: '1h', label: 'Час', span: hour },
  { key: '6h', label: '6 часов', span: 6 * hour },
  { key: '24h', label: 'Сутки', span: 24 * hour },
  { key: '7d', label: 'Неделя', span: 7 * 24 * hour },
  { key: '30d', label: '30 дней', span: 30 * 24 * hour },
  { key: '90d', label: '90 дней', span: audienceLimits.rangeDays * 24 * hour },
] as const;

type Range = { preset: (typeof presets)[number]['key'] } | { from: number; to: number };

const chartColors = ['var(--color-accent)', 'var(--color-ok)', 'var(--color-warn)', 'var(--color-danger)'] as const;

function audienceQuery(range: Range) {
  const ending = 'preset' in range;
  return queryOptions({
    queryKey: callKey('audience', { query: range }),
    queryFn: ({ signal }) => {
      const span = ending ? (presets.find((preset) => preset.key === range.preset)?.span ?? hour) : 0;
      const to = ending ? Date.now() : range.to;
      return studio('audience', { query: { from: ending ? to - span : range.from, to }, signal });
    },
    placeholderData: keepPreviousData,
    refetchInterval: ending ? audienceLimits.sampleSeconds * 1000 : false,
  });
}

/** A local date and time as a `datetime-local` field writes it. */
const localInput = (at: number): string => {
  const date = new Date(at - new Date(at).getTimezoneOffset() * 60_000);
  return date.toISOString().slice(0, 16);
};

const stepName = (seconds: number): string =>
  seconds < 3600 ? `${String(seconds / 60)} мин` : `${String(seconds / 3600)} ч`;

const average = (value: number): string =>
  new Intl.NumberFormat('ru-RU', { maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);

/** A date and time on the browser's clock. */
function MomentField(props: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label>
      {props.label}{' '}
      <input
        className="input"
        type="datetime-local"
        value={props.value}
        onChange={(event) => {
          props.onChange(event.target.value);
        }}
        required
      />
    </label>
  );
}

function RangePicker(props: { range: Range; onChange: (range: Range) => void }) {
  const { range, onChange } = props;
  const [from, setFrom] = useState(() => localInput(Date.now() - 24 * hour));
  const [to, setTo] = useState(() => localInput(Date.now()));
  const [problem, setProblem] = useState<string>();
  return (
    <div className="audience__range">
      <div className="audience__presets" role="group" aria-label="Период">
        {presets.map((preset) => (
          <button
            key={preset.key}
            type="button"
            className="button"
            aria-pressed={'preset' in range && range.preset === preset.key}
            onClick={() => {
              onChange({ preset: preset.key });
            }}
          >
            {preset.label}
          </button>
        ))}
      </div>
      <form
        className="audience__custom"
        onSubmit={(event) => {
          event.preventDefault();
          const asked = audienceRange({ from: new Date(from).getTime(), to: new Date(to).getTime() }, Date.now());
          setProblem('problem' in asked ? asked.problem : undefined);
          if (!('problem' in asked)) onChange(asked);
        }}
      >
        <MomentField label="С" value={from} onChange={setFrom} />
        <MomentField label="по" value={to} onChange={setTo} />
        <button type="submit" className="button" aria-pressed={!('preset' in range)}>
          Показать
        </button>
        {problem === undefined ? null : (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </form>
    </div>
  );
}

function Dashboard({ report }: { report: Report }) {
  const names = useMemo(
    () => new Map(report.now.map((entry) => [entry.channel, channelName(entry.channel, entry.name)])),
    [report],
  );
  const audience: ChartSeries[] = useMemo(
    () =>
      report.channels.map((channel, index) => ({
        label: names.get(channel.channel) ?? channel.channel,
        values: channel.average,
        color: chartColors[index % chartColors.length] ?? chartColors[0],
      })),
    [report, names],
  );
  const activity: ChartSeries[] = useMemo(
    () => [
      { label: 'Просмотры', values: report.activity.views, color: chartColors[0] },
      { label: 'Прослушивания', values: report.activity.plays, color: chartColors[1] },
      { label: 'Сообщения в чате', values: report.activity.chatPosts, color: chartColors[2] },
      { label: 'Поиски', values: report.activity.searches, color: chartColors[3] },
    ],
    [report],
  );
  const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
  const step = stepName(report.stepSeconds);
  return (
    <>
      <section className="audience__now" aria-label="Сейчас">
        {report.now.map((entry) => (
          <div key={entry.channel} className="panel audience__card" data-testid={`audience-now-${entry.channel}`}>
            <h2>{channelName(entry.channel, entry.name)}</h2>
            <p className="audience__figure">{formatNumber(entry.players)}</p>
            <p className="muted">{audienceSummary(entry, entry.kind)}</p>
          </div>
        ))}
      </section>
      <TimeChart
        title="Зрители и слушатели"
        testId="audience-chart"
        times={report.times}
        series={audience}
        kind="line"
        format={average}
        caption={
          <>
            В среднем за {step}.{' '}
            {report.channels
              .map((channel) => {
                const peak = Math.max(0, ...channel.peak);
                return `${names.get(channel.channel) ?? channel.channel}: больше всего ${formatNumber(peak)}`;
              })
              .join('; ')}
            .
          </>
        }
      />
      <TimeChart
        title="Активность"
        testId="activity-chart"
        times={report.times}
        series={activity}
        kind="bars"
        whole
        format={(value) => formatNumber(Math.round(value))}
        caption={`За ${step} на столбец. Всего: ${activity.map((series) => `${series.label.toLowerCase()} — ${formatNumber(sum(series.values))}`).join(', ')}.`}
      />
      <section className="panel" aria-labelledby="audience-searches">
        <h2 id="audience-searches">Частые запросы</h2>
        {report.searches.length === 0 ? (
          <p className="muted">За этот период поисков с результатами не было.</p>
        ) : (
          <ol className="audience__searches">
            {report.searches.map((search) => (
              <li key={search.query}>
                {search.query} <span className="muted">— {formatNumber(search.count)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

export default function AudiencePage() {
  const [range, setRange] = useState<Range>({ preset: '24h' });
  const report = useQuery(audienceQuery(range));
  return (
    <>
      <PageHeader
        title="Аудитория"
        about="Сколько зрителей и слушателей у каждого канала сейчас и за период, и что посетители делали на сайте."
      />
      <RangePicker range={range} onChange={setRange} />
      <Loaded query={report}>{(data) => <Dashboard report={data} />}</Loaded>
    </>
  );
}
