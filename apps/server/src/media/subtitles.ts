// A video's subtitles: a WebVTT or SRT file read with a real parser (media-captions, strict), its
// cues checked against the video, and written as HLS's WebVTT segments, one per media segment,
// each with the X-TIMESTAMP-MAP that ties its clock to the MPEG-TS segments' (RFC 8216 §3.5).
import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { type SubtitleFormat, subtitleFormats, subtitleLimits } from '@efir/contract';
import { ParseError, parseText, parseVTTTimestamp } from 'media-captions';

/** A cue on the video's own clock: seconds from its first frame. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** A subtitle file that cannot be taken; the message names the file and, where it can, the line. */
export class SubtitleError extends Error {}

/** The format a subtitle file is read as, by its extension. */
export function subtitleFormatOf(file: string): SubtitleFormat {
  const extension = extname(file).slice(1).toLowerCase();
  const format = subtitleFormats.find((known) => known === extension);
  if (format === undefined) {
    throw new SubtitleError(`${basename(file)}: subtitles must be a .vtt (WebVTT) or .srt (SubRip) file`);
  }
  return format;
}

/**
 * Refuses a block of text that is not a cue: the parser skips such a block without a word, so a
 * cue with a mistyped timing line (`->`) would be lost. Each block after WebVTT's header is a cue
 * (an optional identifier, then `start --> end`) or a NOTE, STYLE or REGION block; each SRT block
 * a cue (its number, then the timing line).
 */
function checkBlocks(lines: readonly string[], format: SubtitleFormat, name: string): void {
  let block: { first: number; lines: string[] } | undefined;
  const blocks: { first: number; lines: string[] }[] = [];
  for (const [at, line] of lines.entries()) {
    if (line.trim() === '') block = undefined;
    else if (block === undefined) {
      block = { first: at + 1, lines: [line] };
      blocks.push(block);
    } else block.lines.push(line);
  }
  const cues = format === 'vtt' ? blocks.slice(1) : blocks;
  for (const { first, lines: text } of cues) {
    if (format === 'vtt' && /^(NOTE|STYLE|REGION)(\s|$)/u.test(text[0] ?? '')) continue;
    const head = text.slice(0, 2);
    if (!head.some((line) => line.includes('-->'))) {
      // The line meant as the timing line is the one with times in it (after an SRT cue's number).
      const meant = Math.max(
        0,
        head.findIndex((line) => /\d:\d\d/u.test(line)),
      );
      throw new SubtitleError(`${name}, line ${String(first + meant)}: a cue needs a timing line, start --> end`);
    }
  }
}

/**
 * Refuses a timing line, `start --> end`, whose end is not after its start: the parser drops such
 * a cue without a word, and a cue must not be lost. (A timestamp it cannot read is its to report.)
 */
function checkTimings(lines: readonly string[], name: string): void {
  for (const [at, line] of lines.entries()) {
    const [left, right] = line.split('-->');
    if (left === undefined || right === undefined) continue;
    const start = parseVTTTimestamp(left.trim().replace(',', '.'));
    const end = parseVTTTimestamp((right.trim().split(/\s/u)[0] ?? '').replace(',', '.'));
    if (start !== null && end !== null && !(end > start)) {
      throw new SubtitleError(
        `${name}, line ${String(at + 1)}: the cue ends (${vttTime(end)}) before it starts (${vttTime(start)})`,
      );
    }
  }
}

/**
 * The cues of a subtitle file's text, in start order; refused with the line that is wrong when
 * the parser stops on it, or when a cue ends before it starts. Empty cues are dropped.
 */
export async function parseSubtitles(text: string, format: SubtitleFormat, name: string): Promise<Cue[]> {
  const body = text.replace(/^\uFEFF/u, '');
  const lines = body.split(/\r\n|\r|\n/u);
  checkTimings(lines, name);
  let parsed;
  try {
    parsed = await parseText(body, { strict: true, type: format });
  } catch (error) {
    if (error instanceof ParseError) {
      const reason = error.message.replace(/ on line \d+$/u, '');
      throw new SubtitleError(`${name}, line ${String(error.line)}: ${reason}`);
    }
    throw error;
  }
  checkBlocks(lines, format, name);
  const cues = parsed.cues
    .filter((cue) => cue.text.trim() !== '')
    .map((cue) => ({ start: cue.startTime, end: cue.endTime, text: cue.text }));
  if (cues.length === 0) throw new SubtitleError(`${name}: no cue with text in it`);
  return cues.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** Reads and parses a subtitle file on the server, within the size limit; an upload, whose file
 * has no extension, is read in the format and under the name its upload gave. */
export async function readSubtitles(
  file: string,
  format: SubtitleFormat = subtitleFormatOf(file),
  name: string = basename(file),
): Promise<Cue[]> {
  const size = await stat(file).then(
    (found) => (found.isFile() ? found.size : undefined),
    () => undefined,
  );
  if (size === undefined) throw new SubtitleError(`${name}: no such file`);
  if (size > subtitleLimits.maxBytes) {
    throw new SubtitleError(`${name}: ${String(size)} bytes is over the limit of ${String(subtitleLimits.maxBytes)}`);
  }
  const bytes = await readFile(file);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SubtitleError(`${name}: not UTF-8 text (save it as UTF-8)`);
  }
  return parseSubtitles(text, format, name);
}

/** Refuses cues that start after the video has ended: a file made for another cut. */
export function checkCuesFit(cues: readonly Cue[], durationSeconds: number, name: string): void {
  const late = cues.find((cue) => cue.start >= durationSeconds);
  if (late !== undefined) {
    throw new SubtitleError(
      `${name}: a cue starts at ${vttTime(late.start)}, after the video's end (${vttTime(durationSeconds)}): «${late.text.split('\n')[0] ?? ''}»`,
    );
  }
}

/** HH:MM:SS.mmm. */
export function vttTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** MPEG-TS's clock: 90 kHz. */
const mpegtsHz = 90_000;

/**
 * One WebVTT segment: the cues overlapping [from, to) on the video's clock, whole (a cue across two
 * segments is in both, as RFC 8216 allows; players show it once), and the timestamp map that puts
 * the video's 0 at `mpegtsStart` seconds of the MPEG-TS clock.
 */
export function subtitleSegment(cues: readonly Cue[], from: number, to: number, mpegtsStart: number): string {
  const lines = ['WEBVTT', `X-TIMESTAMP-MAP=MPEGTS:${String(Math.round(mpegtsStart * mpegtsHz))},LOCAL:00:00:00.000`];
  for (const cue of cues) {
    if (cue.end <= from || cue.start >= to) continue;
    // "-->" may not be in a cue's text (it would read as a timing line).
    lines.push('', `${vttTime(cue.start)} --> ${vttTime(cue.end)}`, cue.text.replaceAll('-->', '--&gt;'));
  }
  return `${lines.join('\n')}\n`;
}

/** The segment files' names, as the media's: seg_00000.vtt… */
export const subtitleSegmentName = (index: number): string => `seg_${String(index).padStart(5, '0')}.vtt`;

/**
 * A subtitle track's media playlist and its segments, one per media segment of the video with the
 * same durations (`durations`, from a rung's playlist), so its numbering is the video's.
 */
export function subtitleRendition(
  cues: readonly Cue[],
  durations: readonly number[],
  mpegtsStart: number,
): { playlist: string; segments: string[] } {
  const segments: string[] = [];
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${String(Math.max(1, ...durations.map((duration) => Math.round(duration))))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
  ];
  let from = 0;
  for (const [index, duration] of durations.entries()) {
    const to = from + duration;
    // The last segment keeps every cue to the end: a cue may run past the last frame.
    segments.push(subtitleSegment(cues, from, index === durations.length - 1 ? Infinity : to, mpegtsStart));
    lines.push(`#EXTINF:${duration.toFixed(3)},`, subtitleSegmentName(index));
    from = to;
  }
  lines.push('#EXT-X-ENDLIST');
  return { playlist: `${lines.join('\n')}\n`, segments };
}

/**
 * The cues of a rendition this module wrote, from its segments' texts: each cue once, though a cue
 * across segments is in each of them, on the video's clock (the segments' local time is it).
 */
export async function renditionCues(segments: readonly string[]): Promise<Cue[]> {
  const seen = new Map<string, Cue>();
  for (const text of segments) {
    for (const cue of (await parseText(text, { type: 'vtt' })).cues) {
      const read = { start: cue.startTime, end: cue.endTime, text: cue.text };
      seen.set(`${String(read.start)} ${String(read.end)} ${read.text}`, read);
    }
  }
  return [...seen.values()].sort((a, b) => a.start - b.start || a.end - b.end);
}
