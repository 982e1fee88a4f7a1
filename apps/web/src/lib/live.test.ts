import type { Teleprogram, TeleprogramItem, Ticker, Video } from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { activeTickers, allowanceSpent, chatInputProblem, liveShows, offAirText, stripItems, tvEnded } from './live.ts';

const video = (draft: number) => ({ id: 1, draft }) as Video;
const item = (id: number, time: string, draft = 0): TeleprogramItem => ({
  id,
  time_to_start: time,
  video: video(draft),
});
const run = (status: number, index = 0, finished = ''): Teleprogram => ({
  id: 1,
  status,
  index,
  date_to_start: '2026-11-22',
  time_to_start: '00:00:00',
  finished_text: finished,
});

describe('the programme strip', () => {
  it('skips items with an empty start time or draft 2', () => {
    expect(
      stripItems([item(1, '06:00:00'), item(2, ''), item(3, '07:00:00', 2), item(4, '08:00:00', 1)]).map((i) => i.id),
    ).toEqual([1, 4]);
  });
});

describe('live mode', () => {
  it('shows only on status 1, a true show check and a valid current item', () => {
    expect(liveShows(run(1, 0), true, 3)).toBe(true);
    expect(liveShows(run(1, 3), true, 3)).toBe(false);
    expect(liveShows(run(1, 0), false, 3)).toBe(false);
    expect(liveShows(run(4, 0), true, 3)).toBe(false);
    expect(liveShows('none', true, 3)).toBe(false);
  });

  it('ends on status 0 or 4 and shows the finished text, else the standard message', () => {
    expect(tvEnded(run(0))).toBe(true);
    expect(tvEnded(run(4))).toBe(true);
    expect(tvEnded(run(1))).toBe(false);
    expect(tvEnded('none')).toBe(true);
    expect(offAirText(run(4, 0, 'До завтра'), 'Эфир завершён')).toBe('До завтра');
    expect(offAirText(run(4, 0, '  '), 'Эфир завершён')).toBe('Эфир завершён');
    expect(offAirText('none', 'Эфир завершён')).toBe('Эфир завершён');
  });

  it('spends an allowance at duration plus the allowance, not before', () => {
    expect(allowanceSpent(129, 100, 30)).toBe(false);
    expect(allowanceSpent(130, 100, 30)).toBe(true);
    expect(allowanceSpent(115, 100, 15)).toBe(true);
  });
});

describe('tickers', () => {
  const ticker = (id: number, start: string, duration: number): Ticker => ({
    id,
    video_content_id: null,
    message: String(id),
    start_time: start,
    duration,
    speed: 80,
  });

  it('run from their start for their duration (10 s when none is given)', () => {
    const all = [ticker(1, '10:00:00', 20), ticker(2, '10:00:15', 0)];
    expect(activeTickers(all, '09:59:59')).toEqual([]);
    expect(activeTickers(all, '10:00:00').map((t) => t.id)).toEqual([1]);
    expect(activeTickers(all, '10:00:16').map((t) => t.id)).toEqual([1, 2]);
    expect(activeTickers(all, '10:00:24').map((t) => t.id)).toEqual([2]);
    expect(activeTickers(all, '10:00:25')).toEqual([]);
  });

  it('of an item run only while that item is on the picture; the whole programme’s always', () => {
    const all = [ticker(1, '10:00:00', 60), { ...ticker(2, '10:00:00', 60), video_content_id: 7 }];
    expect(activeTickers(all, '10:00:10', 7).map((t) => t.id)).toEqual([1, 2]);
    expect(activeTickers(all, '10:00:10', 8).map((t) => t.id)).toEqual([1]);
    expect(activeTickers(all, '10:00:10').map((t) => t.id)).toEqual([1]);
  });
});

describe('chat input', () => {
  it('wants a visible name of 1 to 32 and message of 1 to 500 characters, as the server counts them', () => {
    expect(chatInputProblem('  ')).toBe('name_empty');
    expect(chatInputProblem('я'.repeat(33))).toBe('name_long');
    expect(chatInputProblem('Аня')).toBeUndefined();
    expect(chatInputProblem('Аня', ' ')).toBe('message_empty');
    expect(chatInputProblem('Аня', 'ы'.repeat(501))).toBe('message_long');
    expect(chatInputProblem('Аня', 'привет\u0007')).toBe('control');
    expect(chatInputProblem('Аня', 'скрытый\u202eтекст')).toBeUndefined();
    expect(chatInputProblem('\u200b\u3164')).toBe('name_empty');
    expect(chatInputProblem('Аня', '\u2800\u0301')).toBe('message_empty');
    expect(chatInputProblem('Аня', 'половинка \ud83d')).toBe('control');
    expect(chatInputProblem('Аня', '<b>привет</b>')).toBeUndefined();
  });
});
