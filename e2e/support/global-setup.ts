import { rmSync } from 'node:fs';
import { locateMediaTools } from '../../apps/server/src/media/ffmpeg.ts';
import { startSite } from './site.ts';
import { zoneAtNoon } from './time-zone.ts';
import { buildWebApp, ingestRadio, ingestVideo } from './web.ts';

/**
 * Builds the web app and makes the run's template: a site's data directory after its first start
 * (the demo content, the filler) with one ingested video and one radio. Each spec's site starts
 * from a copy of it (support/site.ts), so no spec pays for a first start or an ingest it does not
 * test; their ids are the same in every copy. The sites run on a zone where it is about noon
 * (support/time-zone.ts).
 */
export default async function globalSetup(): Promise<() => void> {
  process.env.E2E_TZ ??= zoneAtNoon(new Date());
  buildWebApp();
  const site = await startSite({}, 'empty');
  const tools = await locateMediaTools({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
  process.env.E2E_VIDEO_ID = ingestVideo(site, tools.ffmpeg);
  process.env.E2E_RADIO_ID = ingestRadio(site, tools.ffmpeg);
  await site.stop(true);
  process.env.E2E_TEMPLATE_DIR = site.dataDir;
  return () => {
    rmSync(site.dataDir, { recursive: true, force: true });
  };
}
