// Lighthouse (its default mobile preset: a mid-range phone, simulated slow 4G) on six pages of the
// web app and the studio's main screens (signed in as an editor), in Debian's Chromium, against a
// site of its own with the demo content and one ingested video. Run: node bench/lighthouse.ts; the
// table goes to bench/results/lighthouse.md.
// Options: --runs N (runs per page), --only /,/radio (those pages; the table is printed, not kept),
// --keep DIR (each run's report as JSON, to read its trace-derived audits).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { studioUrl } from '@efir/contract';
import { locateMediaTools } from '../apps/server/src/media/ffmpeg.ts';
import { makeClip } from '../apps/server/test/media-fixtures.ts';
import { chromiumPath } from '../e2e/support/browser.ts';
import { addAccount, efir, startSite } from '../e2e/support/site.ts';
import { buildWebApp } from '../e2e/support/web.ts';
import { cpuModel, loadAverages, log, nproc, writeResult } from './support.ts';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const targets: Record<(typeof categories)[number], number> = {
  performance: 95,
  accessibility: 95,
  'best-practices': 95,
  seo: 90,
};
const { values: options } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, only: { type: 'string' }, keep: { type: 'string' } },
});
/** Runs per page; the median score of each category is kept (single runs vary by ±5 points here). */
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number above 0, not ${options.runs}`);
const only = options.only?.split(',');
if (options.keep !== undefined) mkdirSync(options.keep, { recursive: true });

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** Puts the studio's session cookies in the browser on `port`, and empties its cache. */
async function signIn(port: number, cookies: { name: string; value: string; url: string }[]): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${String(port)}`);
  try {
    const context = browser.contexts()[0];
    if (context === undefined) throw new Error('the browser has no context to sign in');
    await context.addCookies(cookies);
    const page = context.pages()[0] ?? (await context.newPage());
    const session = await context.newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    await session.detach();
  } finally {
    // Only the connection ends: the browser stays for Lighthouse.
    await browser.close();
  }
}

/** The studio's main screens: the on-air desk, the day's schedule and the video library. */
const studioScreens = ['/studio/on-air', '/studio/schedule', '/studio/videos'];

const loadBefore = loadavg();
log('lighthouse: building the web app');
buildWebApp();
const site = await startSite({}, 'empty');
try {
  const tools = await locateMediaTools({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
  const clip = join(site.dataDir, 'clip.mp4');
  makeClip(tools.ffmpeg, clip, { seconds: 20, size: '1280x720' });
  const out = efir(site, 'ingest', 'video', clip, '--name', 'Проверка воспроизведения', '--category', '1');
  const videoId = /→ video (\d+)/u.exec(out)?.[1];
  if (videoId === undefined) throw new Error(`ingest did not finish: ${out}`);

  const pages = [
    '/',
    '/radio',
    '/catalog',
    `/search?q=${encodeURIComponent('Москва')}`,
    `/video/item/${videoId}`,
    '/tv',
    ...studioScreens,
  ].filter(
    (path) => only === undefined || only.some((wanted) => path.startsWith(wanted) && (wanted !== '/' || path === '/')),
  );
  // The studio's screens load signed in: the session's cookies are put in the browser before each
  // of their runs, which then keep the browser's storage (Lighthouse would clear the cookies with
  // it) but start from an empty cache, as a cold load does. Chromium does not send a Cookie header
  // given as one of Lighthouse's extra headers.
  const password = 'lighthouse-editor-password';
  addAccount(site, 'lighthouse', 'editor', password);
  const signedIn = await fetch(`${site.url}${studioUrl('login')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.url },
    body: JSON.stringify({ login: 'lighthouse', password }),
  });
  if (signedIn.status !== 200) throw new Error(`the studio refused the sign-in: ${String(signedIn.status)}`);
  const cookies = signedIn.headers.getSetCookie().map((entry) => {
    const [name = '', value = ''] = (entry.split(';')[0] ?? '').split('=');
    return { name, value, url: `${site.url}${studioUrl('session')}` };
  });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const rows: string[] = [];
  const misses: string[] = [];
  try {
    for (const path of pages) {
      const scores: Record<string, number[]> = {};
      const metrics: { fcp: number[]; lcp: number[]; tbt: number[]; cls: number[] } = {
        fcp: [],
        lcp: [],
        tbt: [],
        cls: [],
      };
      for (let run = 0; run < runs; run += 1) {
        log(`lighthouse: ${path} (${run + 1}/${runs})`);
        if (path.startsWith('/studio/')) await signIn(chrome.port, cookies);
        const result = await lighthouse(`${site.url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...categories],
          ...(path.startsWith('/studio/') ? { disableStorageReset: true } : {}),
        });
        if (result === undefined) throw new Error(`lighthouse gave no result for ${path}`);
        const { lhr } = result;
        if (options.keep !== undefined) {
          const name = `${path.replace(/[^a-z0-9]+/giu, '_')}-${run + 1}.json`;
          writeFileSync(join(options.keep, name), JSON.stringify(lhr));
        }
        if (lhr.runtimeError !== undefined)
          log(`lighthouse: ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        for (const category of categories) {
          (scores[category] ??= []).push(Math.round((lhr.categories[category]?.score ?? 0) * 100));
        }
        metrics.fcp.push(lhr.audits['first-contentful-paint']?.numericValue ?? 0);
        metrics.lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
        metrics.tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? 0);
        metrics.cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0);
      }
      const kept = categories.map((category) => median(scores[category] ?? []));
      categories.forEach((category, index) => {
        if ((kept[index] ?? 0) < targets[category]) misses.push(`${path}: ${category} ${kept[index] ?? 0}`);
      });
      const performance = scores.performance ?? [];
      rows.push(
        `| \`${path.replace(/\?q=.*/u, '?q=Москва')}\` | ${kept.join(' | ')} | ${Math.min(...performance)}–${Math.max(...performance)} | ${(median(metrics.fcp) / 1000).toFixed(1)} s | ${(
          median(metrics.lcp) / 1000
        ).toFixed(1)} s | ${Math.round(median(metrics.tbt))} ms | ${median(metrics.cls).toFixed(3)} |`,
      );
    }
  } finally {
    chrome.kill();
  }

  const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
  const markdown = `# Lighthouse on the web app and the studio

Lighthouse ${version}, its default mobile preset (an emulated mid-range phone, simulated slow 4G and
a 4× slower CPU), in Debian's Chromium (\`${chromiumPath()}\`, headless), against a site of the
benchmark's own on this machine (${cpuModel()}, ${nproc()} cores, load average before the runs
${loadAverages(loadBefore)}) with the demo content and one
ingested video (\`DEMO_MEDIA=off\`: the demo's pictures are the default one); the studio's screens
signed in as an editor. Each page ran ${runs} times; the table keeps the median. Run: \`node bench/lighthouse.ts\`.

Targets: performance ≥ ${targets.performance}, accessibility ≥ ${targets.accessibility}, best practices ≥ ${targets['best-practices']}, SEO ≥ ${targets.seo}.

| page | performance | accessibility | best practices | SEO | performance, runs' range | FCP | LCP | TBT | CLS |
| ---- | ----------- | ------------- | -------------- | --- | ------------------------ | --- | --- | --- | --- |
${rows.join('\n')}

${misses.length === 0 ? 'Every page meets every target.' : `Below target: ${misses.join('; ')}.`}
`;
  if (only === undefined) await writeResult('lighthouse.md', markdown);
  else process.stdout.write(markdown);
} finally {
  await site.stop();
}
