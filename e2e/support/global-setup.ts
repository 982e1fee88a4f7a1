import { locateMediaTools } from '../../apps/server/src/media/ffmpeg.ts';
import { startSite } from './site.ts';
import { buildWebApp, ingestRadio, ingestVideo } from './web.ts';

/** Builds the web app and starts one site for the whole run, with one ingested video and one radio;
 * tests read their addresses from the environment. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  buildWebApp();
  const site = await startSite(18_480);
  const tools = await locateMediaTools({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
  const id = ingestVideo(site, tools.ffmpeg);
  process.env.E2E_RADIO_ID = ingestRadio(site, tools.ffmpeg);
  process.env.E2E_SITE_URL = site.url;
  process.env.E2E_MEDIA_URL = site.mediaUrl;
  process.env.E2E_VIDEO_ID = id;
  process.env.E2E_DATA_DIR = site.dataDir;
  return () => site.stop();
}
