// Pictures an editor uploads (a video's preview, a radio's cover, a slide's picture, the about
// page's poster): read by ffmpeg whatever their format, and saved as JPEG at the sizes the site
// shows, cropped to fill, under DATA_DIR/media/p/.
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { mediaUrl } from '@efir/contract';
import type { MediaTools } from './ffmpeg.ts';
import { quietArgs } from './ladder.ts';
import { probeMedia } from './probe.ts';
import { runFfmpeg } from './run-ffmpeg.ts';

/** A file that is no picture ffmpeg can read; the message is for the editor. */
export class PictureError extends Error {}

export interface PictureSize {
  width: number;
  height: number;
}

/** The sizes of each kind of picture: the first is the picture, the second (if any) a smaller copy. */
export const pictureSizes = {
  video: [
    { width: 1280, height: 720 },
    { width: 480, height: 270 },
  ],
  radio: [{ width: 480, height: 480 }],
  slide: [{ width: 1280, height: 720 }],
  poster: [{ width: 1280, height: 720 }],
  /** A channel's logo: square, as IPTV players show one. */
  logo: [{ width: 256, height: 256 }],
} as const satisfies Record<string, readonly PictureSize[]>;

/** How long making one size of a picture may take: a picture that takes longer is refused. */
const pictureLimitMs = 30_000;

function pictureArgs(input: readonly string[], size: PictureSize, output: string): string[] {
  return [
    ...quietArgs,
    ...input,
    '-frames:v',
    '1',
    '-vf',
    `scale=w=${size.width}:h=${size.height}:force_original_aspect_ratio=increase,crop=${size.width}:${size.height},format=yuvj420p`,
    '-q:v',
    '3',
    output,
  ];
}

/**
 * Saves `file` as pictures of `sizes`; answers their links under /media/ (the picture, then the
 * smaller copy). Refused, leaving nothing behind, when ffmpeg sees no picture in it.
 */
export async function savePicture(
  tools: MediaTools,
  mediaDir: string,
  file: string,
  sizes: readonly PictureSize[],
): Promise<string[]> {
  const probe = await probeMedia(tools, file, 'picture');
  if (probe?.video === undefined) throw new PictureError('Это не изображение: нужен JPEG, PNG или WebP.');
  const id = randomUUID();
  const names = sizes.map((_size, i) => (i === 0 ? `${id}.jpg` : `${id}-catalog.jpg`));
  await mkdir(join(mediaDir, 'p'), { recursive: true });
  try {
    for (const [i, size] of sizes.entries()) {
      await runFfmpeg(tools, pictureArgs(probe.input, size, join(mediaDir, 'p', names[i] ?? '')), 0, undefined, {
        limitMs: pictureLimitMs,
      });
    }
  } catch (error) {
    await Promise.all(names.map((name) => rm(join(mediaDir, 'p', name), { force: true })));
    // ffmpeg's words name the server's paths: they are the cause, for the log.
    throw new PictureError('Не удалось прочитать изображение: файл повреждён или слишком велик.', { cause: error });
  }
  return names.map((name) => mediaUrl(`p/${name}`));
}
