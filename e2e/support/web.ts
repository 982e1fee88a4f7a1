// What the web screens' browser tests need besides the site: the built app, and one radio with
// real audio for the file player.
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeClip, makeTone } from '../../apps/server/test/media-fixtures.ts';
import { writeToday } from './schedule.ts';
import { radioId } from '../web/helpers.ts';
import { efir, type Site } from './site.ts';

const root = new URL('../../', import.meta.url).pathname;

/** Builds apps/web into apps/web/dist, which the site serves (it reads the build at start), unless
 * the build there is of the same sources. */
export function buildWebApp(): void {
  execFileSync(process.execPath, [join(root, 'scripts/build-web.mjs')], { cwd: root, stdio: 'inherit' });
}

export const e2eRadioName = 'Проверка звука';

/** The test video's subtitles: a cue for each half of its 20 s. */
export const e2eSubtitleCues = [
  { from: '00:00:00.500', to: '00:00:10.000', text: 'Субтитры: первая половина' },
  { from: '00:00:10.000', to: '00:00:19.500', text: 'Субтитры: вторая половина' },
] as const;

/** Ingests a 20 s 720p clip with its Russian subtitles as a video through the CLI; returns its id. */
export function ingestVideo(site: Site, ffmpeg: string): string {
  const clip = join(site.dataDir, 'clip.mp4');
  const subtitles = join(site.dataDir, 'clip.vtt');
  makeClip(ffmpeg, clip, { seconds: 20, size: '1280x720' });
  writeFileSync(
    subtitles,
    `WEBVTT\n${e2eSubtitleCues.map((cue) => `\n${cue.from} --> ${cue.to}\n${cue.text}\n`).join('')}`,
  );
  const out = efir(
    site,
    'ingest',
    'video',
    clip,
    ...['--name', 'Проверка воспроизведения', '--category', '1', '--subtitles', subtitles],
  );
  rmSync(clip);
  rmSync(subtitles);
  const id = /→ video (\d+)/u.exec(out)?.[1];
  if (id === undefined) throw new Error(`ingest did not finish: ${out}`);
  return id;
}

/** Ingests 30 s of a tone as a radio through the CLI; returns its id. */
export function ingestRadio(site: Site, ffmpeg: string): string {
  const file = join(site.dataDir, 'tone.m4a');
  makeTone(ffmpeg, file, 30);
  const out = efir(
    site,
    'ingest',
    'radio',
    file,
    '--name',
    e2eRadioName,
    '--author',
    'Испытательный стенд',
    '--category',
    '1',
  );
  rmSync(file);
  const id = /→ radio (\d+)/u.exec(out)?.[1];
  if (id === undefined) throw new Error(`radio ingest did not finish: ${out}`);
  return id;
}

/** The template's radio with real audio on air on `site` for a whole run: its 30 s tone, from 5 s
 * ago, ten times. */
export async function radioOnAirAllRun(site: Site): Promise<number> {
  const radio = Number(radioId());
  await writeToday(
    'radio',
    { startsIn: -5, items: Array.from({ length: 10 }, (_, i) => ({ id: radio, startsIn: -5 + i * 30 })) },
    site,
  );
  return radio;
}
