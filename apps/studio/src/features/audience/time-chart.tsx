// A chart of values over time (uPlot, drawn on a canvas): one line or bar series each, in the
// studio's palette of the theme shown, as wide as its box; it is drawn again when the data, the
// theme or the width change. The figure's caption says what it shows in words.
import { type ReactNode, useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { schedulesZone } from '../../lib/channels.ts';
import { useTheme } from '../../lib/theme.ts';

export interface ChartSeries {
  label: string;
  values: readonly number[];
  /** A CSS colour or custom property (`var(--chart-1)`). */
  color: string;
}

/** Round steps for counts: a tick is never between two whole numbers. */
const wholeSteps = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000];

const timeOfDay = (zone: string) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone: zone, hour: '2-digit', minute: '2-digit' });
const dayOfMonth = (zone: string) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone: zone, day: 'numeric', month: 'short' });

/** Ticks as «14:30», with the date under the first tick of each day; days alone past a day. */
function timeTicks(zone: string) {
  const time = timeOfDay(zone);
  const day = dayOfMonth(zone);
  return (_plot: uPlot, splits: number[], _axis: number, _space: number, step: number): string[] => {
    let lastDay = '';
    return splits.map((seconds) => {
      const at = new Date(seconds * 1000);
      const date = day.format(at);
      const first = date !== lastDay;
      lastDay = date;
      if (step >= 86_400) return date;
      return first ? `${time.format(at)}\n${date}` : time.format(at);
    });
  };
}

const cssColor = (element: Element, color: string): string => {
  const property = /^var\((--[\w-]+)\)$/u.exec(color)?.[1];
  return property === undefined ? color : getComputedStyle(element).getPropertyValue(property).trim();
};

export function TimeChart(props: {
  title: string;
  /** Each point's instant (ms). */
  times: readonly number[];
  series: readonly ChartSeries[];
  kind: 'line' | 'bars';
  /** How a value reads in the legend. */
  format: (value: number) => string;
  /** Counts: the value axis ticks whole numbers only. */
  whole?: boolean;
  caption: ReactNode;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  const { times, series, kind, format, whole } = props;
  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    const text = cssColor(element, 'var(--color-muted)');
    const grid = cssColor(element, 'var(--color-border)');
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const zone = schedulesZone();
    const moment = new Intl.DateTimeFormat('ru-RU', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' });
    const bars = kind === 'bars' ? uPlot.paths.bars?.({ size: [0.8, 24] }) : undefined;
    const options: Options = {
      width: element.clientWidth,
      height: 240,
      // The schedules' clock, as the studio's other times of day.
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), zone),
      cursor: { drag: { x: false, y: false } },
      legend: { live: true },
      scales: { x: { time: true }, y: { range: (_plot, _min, max) => [0, Math.max(1, max * 1.1)] } },
      axes: [
        { ...axis, size: 52, values: timeTicks(zone) },
        {
          ...axis,
          size: 48,
          ...(whole === true ? { incrs: wholeSteps } : {}),
          values: (_plot, splits) => splits.map((value) => format(value)),
        },
      ],
      series: [
        {
          label: 'Время',
          // No point under the cursor: uPlot passes null, whatever its types say.
          value: (_plot: uPlot, seconds: number | null) =>
            seconds === null ? '—' : moment.format(new Date(seconds * 1000)),
        },
        ...series.map(({ label, color }) => {
          const stroke = cssColor(element, color);
          return {
            label,
            stroke,
            width: 2,
            ...(bars === undefined ? {} : { paths: bars, fill: stroke }),
            value: (_plot: uPlot, value: number | null) => (value === null ? '—' : format(value)),
          };
        }),
      ],
    };
    const data: AlignedData = [times.map((at) => at / 1000), ...series.map(({ values }) => [...values])];
    const plot = new uPlot(options, data, element);
    const resized = new ResizeObserver(() => {
      plot.setSize({ width: element.clientWidth, height: 240 });
    });
    resized.observe(element);
    return () => {
      resized.disconnect();
      plot.destroy();
    };
  }, [times, series, kind, format, whole, theme]);
  return (
    <figure className="panel audience__chart" data-testid={props.testId}>
      <h2>{props.title}</h2>
      <div ref={box} className="audience__plot" role="img" aria-label={props.title} />
      <figcaption className="muted">{props.caption}</figcaption>
    </figure>
  );
}
