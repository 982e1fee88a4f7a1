// The site's live players through a restart of the server, on a site of the spec's own: the server
// stays down until the player has stopped (what it had buffered played out), then comes back on
// the same data and ports; the player plays again on its own within 10 s of the site answering.
import { expect, type Page, test } from '@playwright/test';
import { targetDuration, windowSegments } from '../apps/server/src/live/live-playlist.ts';
import { writeToday } from './support/schedule.ts';
import { type Site, startSite } from './support/site.ts';

let site: Site;
const videoId = Number(process.env.E2E_VIDEO_ID);
const radioId = Number(process.env.E2E_RADIO_ID);

test.beforeAll(async () => {
  site = await startSite();
});

test.afterAll(async () => {
  await site.stop();
});

/** Whether the element's time moves: two readings half a second apart. */
async function advancing(page: Page, selector: string): Promise<boolean> {
  const read = () => page.evaluate((s) => document.querySelector<HTMLMediaElement>(s)?.currentTime ?? 0, selector);
  const before = await read();
  await page.waitForTimeout(500);
  return (await read()) - before > 0.2;
}

/**
 * Restarts the server once the player has stopped (with `pastWindow`: once, moreover, the live
 * playlist's window has moved past everything the player was told); answers how long after the
 * site answered again the player was playing.
 */
async function rejoinAfterRestart(page: Page, selector: string, pastWindow = false): Promise<number> {
  // What the page met on the way, kept for the report if it does not rejoin in time.
  const events: { at: number; what: string }[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') events.push({ at: Date.now(), what: `console: ${message.text()}` });
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      events.push({ at: Date.now(), what: `${String(response.status())} ${response.url()}` });
  });
  page.on('requestfailed', (request) => {
    events.push({ at: Date.now(), what: `failed ${request.url()}: ${request.failure()?.errorText ?? ''}` });
  });
  // The end of the newest segment a playlist the player was given lists (ms since the epoch).
  let knownUntil = 0;
  page.on('response', async (response) => {
    if (!response.url().endsWith('stream.m3u8') || response.status() !== 200) return;
    const text = await response.text().catch(() => '');
    const dates = [...text.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(\S+)\s+#EXTINF:([\d.]+)/gu)];
    for (const [, date = '', seconds = '0'] of dates) {
      knownUntil = Math.max(knownUntil, Date.parse(date) + Number(seconds) * 1000);
    }
  });
  await expect.poll(() => advancing(page, selector), { timeout: 20_000, intervals: [0] }).toBe(true);
  const down = Date.now();
  await site.restart(async () => {
    await expect.poll(() => advancing(page, selector), { timeout: 60_000, intervals: [0] }).toBe(false);
    events.push({ at: Date.now(), what: 'the player stopped; the server goes down' });
    if (pastWindow) {
      // The window lists its newest segments over at least three target durations.
      const windowMs = Math.max(windowSegments, 3) * targetDuration * 1000;
      await expect
        .poll(() => Date.now(), { timeout: 60_000 })
        .toBeGreaterThan(knownUntil + windowMs + targetDuration * 1000);
      events.push({ at: Date.now(), what: 'nothing the player knew is listed any more' });
    }
  });
  const back = Date.now();
  events.push({ at: back, what: 'the site answers again' });
  try {
    await expect.poll(() => advancing(page, selector), { timeout: 10_000, intervals: [0] }).toBe(true);
  } catch (error) {
    const log = events.map((event) => `${String(event.at - down).padStart(6)} ms  ${event.what}`).join('\n');
    await test.info().attach('events since the restart began', { body: log, contentType: 'text/plain' });
    // And in the run's output, which is all a CI run keeps.
    console.error(`events since the restart began:\n${log}`);
    throw error;
  }
  return Date.now() - back;
}

test('the live TV on / plays again on its own within 10 s of the server coming back', async ({ page }) => {
  test.setTimeout(150_000);
  // The 20 s video ten times from 5 s ago: on air for the whole test.
  await writeToday('tv', { startsIn: -5, items: Array.from({ length: 10 }, () => ({ id: videoId })) }, site);
  await page.goto(`${site.url}/`);
  const rejoinedMs = await rejoinAfterRestart(page, 'video.live-tv__video');
  test.info().annotations.push({ type: 'rejoined', description: `${rejoinedMs} ms after the site answered` });
});

test(
  'the live TV rejoins on its own after an outage longer than the playlist window',
  { tag: '@outages' },
  async ({ page }) => {
    test.setTimeout(150_000);
    await writeToday('tv', { startsIn: -5, items: Array.from({ length: 10 }, () => ({ id: videoId })) }, site);
    await page.goto(`${site.url}/`);
    const rejoinedMs = await rejoinAfterRestart(page, 'video.live-tv__video', true);
    test.info().annotations.push({ type: 'rejoined', description: `${rejoinedMs} ms after the site answered` });
  },
);

test(
  'the live radio on /radio, once played, plays again on its own within 10 s of the server coming back',
  { tag: '@outages' },
  async ({ page }) => {
    test.setTimeout(150_000);
    await writeToday('radio', { startsIn: -5, items: Array.from({ length: 6 }, () => ({ id: radioId })) }, site);
    await page.goto(`${site.url}/radio`);
    const efir = page.locator('section.efir');
    const play = efir.getByRole('button', { name: 'Слушать' });
    await expect(play).toBeEnabled({ timeout: 20_000 });
    await play.click();
    const rejoinedMs = await rejoinAfterRestart(page, 'section.efir audio');
    test.info().annotations.push({ type: 'rejoined', description: `${rejoinedMs} ms after the site answered` });
    await expect(efir.getByRole('button', { name: 'Пауза' })).toBeEnabled();
  },
);
