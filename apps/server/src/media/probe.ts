import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { z } from 'zod';
import { type MediaTools, tethered } from './ffmpeg.ts';

const run = promisify(execFile);

const probeSchema = z.object({
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).optional(),
      }),
    )
    .default([]),
  format: z.object({ duration: z.coerce.number().optional(), format_name: z.string().optional() }).optional(),
});

/**
 * The containers a file from outside (an editor's upload, an operator's path) may be read as,
 * in ffmpeg's demuxer names. Never a playlist (hls, dash), a list of files (concat) or an image
 * sequence: each reads other files the server has, by a name written inside the file.
 */
export const readableContainers = {
  media: ['mov', 'matroska', 'avi', 'mpegts', 'mpeg', 'flv', 'asf', 'ogg', 'mp3', 'aac', 'wav', 'flac', 'aiff'],
  // image2 is the demuxer ffmpeg picks by a .jpg name; it reads one file (`-pattern_type none`).
  picture: ['image2', 'jpeg_pipe', 'png_pipe', 'webp_pipe'],
} as const;

export type ReadableKind = keyof typeof readableContainers;

/** Options that confine ffmpeg or ffprobe to reading the file itself, as one of `containers`. */
function confined(containers: readonly string[]): string[] {
  return ['-protocol_whitelist', 'file', '-format_whitelist', containers.join(',')];
}

export interface MediaProbe {
  durationSeconds: number;
  /** A moving picture (a cover image attached to a sound file does not count). */
  video: { width: number; height: number } | undefined;
  hasAudio: boolean;
  /** ffmpeg's input options reading the file as it was probed: that demuxer alone, that file
   * alone (the name is a path, never a protocol). */
  input: readonly string[];
}

/** How long ffprobe may take over one file. */
const probeLimitMs = 60_000;

/** What ffprobe sees in a file, or undefined when it cannot read it as `kind` allows. */
export async function probeMedia(
  tools: Pick<MediaTools, 'ffprobe' | 'tether'>,
  file: string,
  kind: ReadableKind,
): Promise<MediaProbe | undefined> {
  const url = `file:${file}`;
  let stdout: string;
  try {
    ({ stdout } = await run(
      ...tethered(tools, tools.ffprobe, [
        '-v',
        'error',
        ...confined(readableContainers[kind]),
        // ffprobe takes it whatever the demuxer; ffmpeg only for image2, given below.
        ...(kind === 'picture' ? ['-pattern_type', 'none'] : []),
        '-print_format',
        'json',
        '-show_format',
        '-show_streams',
        url,
      ]),
      {
        timeout: probeLimitMs,
        killSignal: 'SIGKILL',
        maxBuffer: 16 * 1024 * 1024,
      },
    ));
  } catch {
    return undefined;
  }
  const parsed = probeSchema.safeParse(JSON.parse(stdout));
  if (!parsed.success) return undefined;
  // The demuxer's own name (`mov,mp4,m4a,…` is `mov`), checked again: the list is the rule.
  const container = parsed.data.format?.format_name?.split(',')[0] ?? '';
  if (!(readableContainers[kind] as readonly string[]).includes(container)) return undefined;
  const video = parsed.data.streams.find(
    (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1 && (stream.height ?? 0) > 0,
  );
  return {
    durationSeconds: parsed.data.format?.duration ?? 0,
    video: video === undefined ? undefined : { width: video.width ?? 0, height: video.height ?? 0 },
    hasAudio: parsed.data.streams.some((stream) => stream.codec_type === 'audio'),
    input: [
      ...confined([container]),
      '-f',
      container,
      ...(container === 'image2' ? ['-pattern_type', 'none'] : []),
      '-i',
      url,
    ],
  };
}

/** Where a segment we made starts on its MPEG-TS clock (seconds): its first video frame's time, to
 * which a subtitle segment's timestamp map ties the cues' 0 (the video's first frame, where an
 * editor's cue times count from; the audio may start a few milliseconds earlier). */
export async function segmentStartSeconds(
  tools: Pick<MediaTools, 'ffprobe' | 'tether'>,
  file: string,
): Promise<number> {
  const { stdout } = await run(
    ...tethered(tools, tools.ffprobe, [
      '-v',
      'error',
      ...confined(['mpegts']),
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=start_time',
      '-of',
      'csv=p=0',
      `file:${file}`,
    ]),
    { timeout: probeLimitMs, killSignal: 'SIGKILL' },
  );
  // MPEG-TS lists its stream in its program too: the first line is the stream's.
  const start = Number.parseFloat(stdout.trim());
  if (!Number.isFinite(start)) throw new Error(`${file}: ffprobe gave no start time`);
  return start;
}
