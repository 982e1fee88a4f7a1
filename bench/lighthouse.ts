// Lighthouse (its default mobile preset: a mid-range phone, simulated slow 4G) on six pages of the
// web app, in Debian's Chromium, against a site of its own with the demo content and one ingested
// video. Run: node bench/lighthouse.ts; the table goes to bench/results/lighthouse.md.
// Options: --runs N (runs per page), --only /,/radio (those pages; the table is printed, not kept),
// --keep DIR (each run's report as JSON, to read its trace-derived audits).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { locateMediaTools } from '../apps/server/src/media/ffmpeg.ts';
import { makeClip } from '../apps/server/test/media-fixtures.ts';
import { chromiumPath } from '../e2e/support/browser.ts';
import { efir, startSite } from '../e2e/support/site.ts';
import { buildWebApp } from '../e2e/support/web.ts';
import { cpuModel, loadAverages, log, nproc, writeResult } from './support.ts';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const targets: Record<(typeof categories)[number], number> = {
  performance: 90,
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
  ].filter(
    (path) => only === undefined || only.some((wanted) => path.startsWith(wanted) && (wanted !== '/' || path === '/')),
  );
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
        const result = await lighthouse(`${site.url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...categories],
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
  const markdown = `# Lighthouse on the web app

Lighthouse ${version}, its default mobile preset (an emulated mid-range phone, simulated slow 4G and
a 4× slower CPU), in Debian's Chromium (\`${chromiumPath()}\`, headless), against a site of the
benchmark's own on this machine (${cpuModel()}, ${nproc()} cores, load average before the runs
${loadAverages(loadBefore)}) with the demo content and one
ingested video (\`DEMO_MEDIA=off\`: the demo's pictures are the default one). Each page ran ${runs}
times; the table keeps the median. Run: \`node bench/lighthouse.ts\`.

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
