// The live screens' pure rules (SPEC §4, §5): which programme items the strip shows, when the live
// player shows, the item allowances, which tickers run now, and what a chat post may be.
import {
  type ChatTextProblem,
  chatMessageMaxLength,
  chatNameMaxLength,
  type RadioprogramItem,
  type Teleprogram,
  type TeleprogramItem,
  type Ticker,
  cleanChatText,
} from '@efir/contract';

/** Seconds a TV item may run past its duration, and a radio item, before the page moves on. */
export const tvAllowanceSeconds = 30;
export const radioAllowanceSeconds = 15;
export const tickerDefaults = { repetition: 4, durationSeconds: 10 } as const;

/** The strip skips items with an empty start time or draft 2. */
export function stripItems<T extends TeleprogramItem | RadioprogramItem>(items: readonly T[]): T[] {
  return items.filter((item) => {
    const draft = 'video' in item ? item.video.draft : item.draft;
    return item.time_to_start !== '' && draft !== 2;
  });
}

/** Live mode shows only if the status is 1, the show check is true and the current item is valid. */
export function liveShows(run: Teleprogram | 'none' | undefined, show: boolean, count: number): boolean {
  return run !== undefined && run !== 'none' && run.status === 1 && show && run.index >= 0 && run.index < count;
}

/** A TV day is over for the page when its status is 0 or 4 (SPEC §4). */
export function tvEnded(run: Teleprogram | 'none' | undefined): boolean {
  return run === 'none' || (run !== undefined && (run.status === 0 || run.status === 4));
}

/** The off-air text: the day's finished text if given, else the standard message. */
export function offAirText(run: Teleprogram | 'none' | undefined, standard: string): string {
  const finished = run === undefined || run === 'none' ? '' : run.finished_text.trim();
  return finished === '' ? standard : finished;
}

/** Whether an item has used up its allowance: elapsed ≥ duration + allowance (seconds). */
export function allowanceSpent(elapsedSeconds: number, durationSeconds: number, allowanceSeconds: number): boolean {
  return elapsedSeconds >= durationSeconds + allowanceSeconds;
}

/** Seconds since midnight of `HH:mm:ss` (or `HH:mm`). */
export function clockSeconds(time: string): number {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
}

/** The tickers whose window [start, start + duration) holds the time `now` (HH:mm:ss): the whole
 * programme's, and those of the video `videoId` (the item on the picture). */
export function activeTickers(tickers: readonly Ticker[], now: string, videoId?: number): Ticker[] {
  const at = clockSeconds(now);
  return tickers.filter((ticker) => {
    if (ticker.video_content_id !== null && ticker.video_content_id !== videoId) return false;
    const start = clockSeconds(ticker.start_time);
    const duration = ticker.duration > 0 ? ticker.duration : tickerDefaults.durationSeconds;
    return at >= start && at < start + duration;
  });
}

export type ChatInputProblem = 'name_empty' | 'name_long' | 'message_empty' | 'message_long' | 'control';

function fieldProblem(field: 'name' | 'message', problem: ChatTextProblem): ChatInputProblem {
  if (problem === 'empty') return `${field}_empty`;
  if (problem === 'long') return `${field}_long`;
  return 'control';
}

/** The values a problem's words name: the limit of its field. */
export function chatProblemValues(problem: ChatInputProblem): { max: number } {
  return { max: problem.startsWith('name') ? chatNameMaxLength : chatMessageMaxLength };
}

/** What the server would refuse in a nickname or message, by the contract's own rule, before it is sent. */
export function chatInputProblem(name: string, message?: string): ChatInputProblem | undefined {
  const cleanName = cleanChatText(name, chatNameMaxLength);
  if ('problem' in cleanName) return fieldProblem('name', cleanName.problem);
  if (message === undefined) return undefined;
  const cleanMessage = cleanChatText(message, chatMessageMaxLength);
  return 'problem' in cleanMessage ? fieldProblem('message', cleanMessage.problem) : undefined;
}
