// How long a fresh clone's first start takes to be useful, and a later start to answer: the real
// site (`node apps/server/src/server.ts`, as `npm start` runs it after the build) on an empty
// DATA_DIR with the demo media made in the background (DEMO_MEDIA=on, the default).
//
// - usable: the home page and a catalogue page answer 200;
// - TV / radio on air: the item the channel's run has on air has its media (its `link_video` /
//   `link_radio` is set), so the stream plays the programme rather than the slate;
// - every demo item playable: every video and radio the site lists (both catalogues, every page,
//   and every day of both channels' schedules, ads and premieres included) has its media link,
//   and its playlist (a video's master and first rung) answers and its first segment loads;
// - later start: the same DATA_DIR started again, until the home page and the catalogue answer;
// each on a machine without prepared media (a newcomer's), then again on one that has them. The
// run fails when, with prepared media, every demo item is not playable within two minutes.
//
// Usage: node bench/first-start.ts   (writes bench/results/first-start-<date>.md)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiUrl, createApiClient } from '@efir/contract';
import { notYetPlayable } from '../e2e/support/demo-items.ts';
import {
  fixed,
  loadAverages,
  log,
  machineDetails,
  type Site,
  sleep,
  startSite,
  stopChild,
  stopChildren,
  waitUntilReady,
  writeResult,
} from './support.ts';

const limitMs = 5 * 60_000;

/** A first start on a machine with its prepared media has every listed demo item playable within
 * two minutes: the run fails when it does not. */
const playableWithinMs = 2 * 60_000;

/** An answer, or undefined when the site does not give one within 5 s. */
function answered<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
  return call(AbortSignal.timeout(5_000)).catch(() => undefined);
}

/** Whether the item the channel has on air now has its media. */
async function onAir(site: string, channel: 'tv' | 'radio'): Promise<boolean> {
  const api = createApiClient({ baseUrl: site });
  if (channel === 'tv') {
    const run = await answered((signal) => api('teleprogramToday', { signal }));
    if (run === undefined || run === 'none' || run.status !== 1) return false;
    const day = await answered((signal) => api('teleprogramVideosWithAds', { params: { id: run.id }, signal }));
    return (day?.results[run.index]?.video.link_video ?? '') !== '';
  }
  const run = await answered((signal) => api('radioprogramToday', { signal }));
  if (run === undefined || run === 'none' || (run.status !== 1 && run.status !== 4)) return false;
  const day = await answered((signal) => api('radioprogramRadiosWithAds', { params: { id: run.id }, signal }));
  return (day?.results[run.index]?.radio.link_radio ?? '') !== '';
}

const startDemoSite = (dataDir: string, preparedDir: string): Promise<Site> =>
  startSite(dataDir, { demoMedia: 'on', env: () => ({ PREPARED_MEDIA_DIR: preparedDir }) });

async function usable(site: Site): Promise<number> {
  await waitUntilReady(site.child, `${site.url}/`, limitMs);
  await waitUntilReady(site.child, `${site.url}${apiUrl('videoCatalogue', { query: { page: 1 } })}`, limitMs);
  return Date.now() - site.started;
}

interface FirstStart {
  usableMs: number;
  airedAt: Partial<Record<'tv' | 'radio', number>>;
  allPlayableAt: number | undefined;
  listed: number;
  laterMs: number;
}

/** A first start on an empty DATA_DIR with the machine's prepared media in `preparedDir`, then a
 * later start on the same data. */
async function firstStart(preparedDir: string): Promise<FirstStart> {
  const dataDir = mkdtempSync(join(tmpdir(), 'efir-bench-start-'));
  try {
    const first = await startDemoSite(dataDir, preparedDir);
    const usableMs = await usable(first);
    const airedAt: Partial<Record<'tv' | 'radio', number>> = {};
    while (Date.now() - first.started < limitMs && (airedAt.tv === undefined || airedAt.radio === undefined)) {
      for (const channel of ['tv', 'radio'] as const) {
        if (airedAt[channel] === undefined && (await onAir(first.url, channel))) {
          airedAt[channel] = Date.now() - first.started;
          log(`${channel} on air after ${fixed(airedAt[channel] / 1000, 1)} s`);
        }
      }
      await sleep(500);
    }
    const known = new Set<string>();
    let allPlayableAt: number | undefined;
    let listed = 0;
    while (Date.now() - first.started < limitMs && allPlayableAt === undefined) {
      const state = await notYetPlayable(first.url, known);
      listed = state.listed;
      if (state.listed > 0 && state.left === 0) {
        allPlayableAt = Date.now() - first.started;
        log(`all ${state.listed} demo items playable after ${fixed(allPlayableAt / 1000, 1)} s`);
      } else {
        await sleep(1000);
      }
    }
    await stopChild(first.child);

    log('later start on the same DATA_DIR');
    const later = await startDemoSite(dataDir, preparedDir);
    const laterMs = await usable(later);
    await stopChild(later.child);
    return { usableMs, airedAt, allPlayableAt, listed, laterMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runFirstStartBenchmark(): Promise<void> {
  // A machine of its own: its prepared media (the filler, the demo's base clips) made by the first
  // start here, as on a newcomer's machine, and found made by the second.
  const preparedDir = mkdtempSync(join(tmpdir(), 'efir-bench-prepared-'));
  const loadBefore = loadavg();
  try {
    log('first start on an empty DATA_DIR, on a machine without prepared media');
    const newcomer = await firstStart(preparedDir);
    const loadBetween = loadavg();
    log('first start on an empty DATA_DIR, on a machine with its prepared media');
    const again = await firstStart(preparedDir);
    const loadAfter = loadavg();

    const seconds = (ms: number | undefined): string => (ms === undefined ? 'not within 5 min' : fixed(ms / 1000, 1));
    const row = (moment: string, pick: (run: FirstStart) => number | undefined): string =>
      `| ${moment} | ${seconds(pick(newcomer))} | ${seconds(pick(again))} |`;
    const markdown = `# First start and later start, ${new Date().toISOString().slice(0, 10)}

- ${machineDetails()}
- Load average (1, 5, 15 min) before: ${loadAverages(loadBefore)}; between the two: ${loadAverages(loadBetween)}; after: ${loadAverages(loadAfter)}
- \`node apps/server/src/server.ts\` on an empty \`DATA_DIR\` (PGlite), \`DEMO_MEDIA=on\`; the web app already built;
  first on a machine whose \`PREPARED_MEDIA_DIR\` is empty (a newcomer's), then on the same machine again

| Moment (seconds after the process started) | new machine | prepared media made |
| --- | ---: | ---: |
${row('first start: the site answers (home page and catalogue)', (run) => run.usableMs)}
${row('first start: the TV item on air has its media', (run) => run.airedAt.tv)}
${row('first start: the radio item on air has its media', (run) => run.airedAt.radio)}
${row(`first start: every demo item listed (${String(newcomer.listed)}) is playable`, (run) => run.allPlayableAt)}
${row('later start on the same data: the site answers', (run) => run.laterMs)}
`;
    await writeResult(`first-start-${new Date().toISOString().slice(0, 10)}.md`, markdown);
    if (again.allPlayableAt === undefined || again.allPlayableAt > playableWithinMs) {
      throw new Error(
        `every demo item playable after ${seconds(again.allPlayableAt)} s of a first start with prepared media: over ${String(playableWithinMs / 1000)} s`,
      );
    }
  } finally {
    await stopChildren();
    rmSync(preparedDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) await runFirstStartBenchmark();
