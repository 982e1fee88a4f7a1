// Time from navigation to the first live video frame on `/`, in Debian's Chromium on this machine:
// the real site with a real ingested video on the air, the page's own player (hls.js), the frame
// taken from requestVideoFrameCallback. Cold runs use a fresh browser context each (nothing
// cached); warm runs reload the page in the same context.
//
// Usage: node bench/first-frame.ts   (writes bench/results/first-frame-<date>.md)
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { apiUrl, clockTimeIn, createAdminClient, dateIn, defaultTimeZone } from '@efir/contract';
import { chromium, type Page } from '@playwright/test';
import { locateMediaTools } from '../apps/server/src/media/ffmpeg.ts';
import { makeClip } from '../apps/server/test/media-fixtures.ts';
import {
  fixed,
  loadAverages,
  log,
  machineDetails,
  repoRoot,
  runAsScript,
  startSite,
  stopChildren,
  writeResult,
} from './support.ts';

const runs = 7;
const clock = (instant: Date): { date: string; time: string } => ({
  date: dateIn(defaultTimeZone, instant),
  time: clockTimeIn(defaultTimeZone, instant),
});

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export async function runFirstFrameBenchmark(): Promise<void> {
  const tempDir = mkdtempSync(join(tmpdir(), 'efir-bench-frame-'));
  const loadBefore = loadavg();
  try {
    execFileSync(
      process.execPath,
      [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', 'apps/web', '--logLevel', 'error'],
      {
        cwd: repoRoot,
        stdio: 'inherit',
      },
    );
    const tools = await locateMediaTools({
      ffmpegPath: process.env.FFMPEG_PATH,
      ffprobePath: process.env.FFPROBE_PATH,
    });
    const clip = join(tempDir, 'clip.mp4');
    makeClip(tools.ffmpeg, clip, { seconds: 120, size: '1280x720' });

    const dataDir = join(tempDir, 'data');
    const { url: base, env } = await startSite(dataDir, {
      demoMedia: 'off',
      env: (url) => ({ SITE_ORIGINS: url }),
      ready: { path: apiUrl('videoCategories'), timeoutMs: 60_000 },
    });
    // Not execFileSync: this process keeps a connection to the site alive, and an event loop
    // blocked through a minute-long ingest would not see the site close it.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['apps/server/src/cli/efir.ts', 'ingest', 'video', clip, '--name', 'Замер', '--category', '1'],
      { cwd: repoRoot, env, encoding: 'utf8' },
    );
    const videoId = Number(/→ video (\d+)/u.exec(stdout)?.[1]);
    const start = clock(new Date(Date.now() - 10_000));
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    await createAdminClient({ baseUrl: base, token })('scheduleWrite', {
      params: { channel: 'tv', date: start.date },
      body: { startsAt: start.time, items: Array.from({ length: 10 }, () => ({ id: videoId })) },
    });

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const firstFrame = async (page: Page): Promise<number> => {
      await page.goto(`${base}/`);
      await page.waitForFunction(() => (window as unknown as { firstFrame?: number }).firstFrame !== undefined, null, {
        timeout: 30_000,
      });
      return page.evaluate(() => (window as unknown as { firstFrame: number }).firstFrame);
    };
    const watch = (): void => {
      // The first frame the page's live player presents, in ms since navigation started.
      const look = (): void => {
        const video = document.querySelector<HTMLVideoElement>('.live-tv video');
        if (video === null) {
          requestAnimationFrame(look);
          return;
        }
        video.requestVideoFrameCallback(() => {
          (window as unknown as { firstFrame: number }).firstFrame = performance.now();
        });
      };
      look();
    };
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addInitScript(watch);
      const page = await context.newPage();
      cold.push(await firstFrame(page));
      warm.push(await firstFrame(page));
      await context.close();
      log(`run ${i + 1}: cold ${fixed(cold.at(-1) ?? 0, 0)} ms, warm ${fixed(warm.at(-1) ?? 0, 0)} ms`);
    }
    await browser.close();
    const date = new Date().toISOString().slice(0, 10);
    const row = (name: string, values: number[]): string =>
      `| ${name} | ${values.length} | ${fixed(median(values), 0)} | ${fixed(Math.min(...values), 0)} | ${fixed(Math.max(...values), 0)} |`;
    const report = [
      `# First live frame on \`/\`, ${date}`,
      '',
      `- ${machineDetails()}; load before: ${loadAverages(loadBefore)}`,
      '- Chromium (Debian), headless, 1280×900; the site on this machine with a 1280×720 video on the air (ladder 720/480/360)',
      "- From navigation start to the first frame the page's live player presents (requestVideoFrameCallback), in ms",
      '',
      '| Visit | Runs | Median | Best | Worst |',
      '| --- | ---: | ---: | ---: | ---: |',
      row('cold (fresh context)', cold),
      row('warm (reload)', warm),
      '',
    ].join('\n');
    log(`written to ${await writeResult(`first-frame-${date}.md`, report)}`);
  } finally {
    await stopChildren();
    rmSync(tempDir, { recursive: true, force: true });
  }
}

if (import.meta.main) runAsScript(runFirstFrameBenchmark);
