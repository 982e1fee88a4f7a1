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

export interface MediaProbe {
  durationSeconds: number;
  /** A moving picture (a cover image attached to a sound file does not count). */
  video: { width: number; height: number } | undefined;
  hasAudio: boolean;
}

/** What ffprobe sees in a file, or undefined when it cannot read it as media. */
export async function probeMedia(
  tools: Pick<MediaTools, 'ffprobe' | 'tether'>,
  file: string,
): Promise<MediaProbe | undefined> {
  let stdout: string;
  try {
    ({ stdout } = await run(
      ...tethered(tools, tools.ffprobe, [
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_format',
        '-show_streams',
        file,
      ]),
      {
        timeout: 60_000,
        maxBuffer: 16 * 1024 * 1024,
      },
    ));
  } catch {
    return undefined;
  }
  const parsed = probeSchema.safeParse(JSON.parse(stdout));
  if (!parsed.success) return undefined;
  const video = parsed.data.streams.find(
    (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1 && (stream.height ?? 0) > 0,
  );
  return {
    durationSeconds: parsed.data.format?.duration ?? 0,
    video: video === undefined ? undefined : { width: video.width ?? 0, height: video.height ?? 0 },
    hasAudio: parsed.data.streams.some((stream) => stream.codec_type === 'audio'),
  };
}
