// A live page moving on, as the spec asks of TV and radio alike: once the item on air has used its
// allowance (its length and 30 s on TV, 15 s on the radio), the page publishes the item and asks
// the server for the next one; not a moment before. The page's clock is Playwright's, moved on.
// The server's clock cannot be held: its run moves on by itself once the item has aired, so the
// item is a catalogue one of a minute or two, which outlasts the test's real seconds however loaded
// the machine (the 20 s test video did not, once).
import { apiPattern, createApiClient } from '@efir/contract';
import { expect, type Page, test } from '@playwright/test';
import { writeToday } from './support/schedule.ts';
import { useSite } from './support/site.ts';
import { open } from './web/helpers.ts';

const site = useSite();

test.describe.configure({ mode: 'serial' });

/** The page's calls to publish and to move on, as they are made, and what its console said. */
function advances(page: Page): { asked: string[]; said: string[] } {
  const asked: string[] = [];
  const said: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (apiPattern('videoPublish').test(url) || apiPattern('radioPublish').test(url)) asked.push('publish');
    if (apiPattern('teleprogramNext').test(url) || apiPattern('radioprogramNext').test(url)) asked.push('next');
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') said.push(message.text());
  });
  return { asked, said };
}

/** The page publishes and moves on; if it does not, the failure tells what the server's run was
 * and what the page's console said (it failed so on loaded CI runs only, never here). */
async function movesOn(
  { asked, said }: { asked: string[]; said: string[] },
  call: 'teleprogramRunStatus' | 'radioprogramToday',
): Promise<void> {
  try {
    await expect.poll(() => asked).toEqual(['publish', 'next']);
  } catch (error) {
    const run = await createApiClient({ baseUrl: site().url })(call);
    throw new Error(
      `${(error as Error).message}\nthe server's run: ${JSON.stringify(run)}\nthe page's console:\n${said.join('\n')}`,
      { cause: error },
    );
  }
}

type Listed = Window & { listedAt?: number };

/** Notes on the page's clock when the day's list with ads first comes: an item's allowance cannot
 * start before the page has it. */
async function noteListArrival(page: Page, call: 'teleprogramVideosWithAds'): Promise<void> {
  await page.addInitScript((source) => {
    const pattern = new RegExp(source, 'u');
    const fetchNow = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await fetchNow(...args);
      const url = args[0] instanceof Request ? args[0].url : String(args[0]);
      const listed = window as Listed;
      if (response.ok && pattern.test(url)) listed.listedAt ??= Date.now();
      return response;
    };
  }, apiPattern(call).source);
}

/** A published catalogue item 60 to 150 s long, and its length: the first the catalogue lists. */
async function minuteLong(call: 'videoCatalogue' | 'radioCatalogue'): Promise<{ id: number; duration: number }> {
  const calls = createApiClient({ baseUrl: site().url });
  for (let page = 1; page < 50; page += 1) {
    const { results } = await calls(call, { query: { page } });
    const found = results.find((item) => item.duration >= 60 && item.duration <= 150);
    if (found !== undefined) return { id: found.id, duration: found.duration };
    if (results.length === 0) break;
  }
  throw new Error(`no item of 60 to 150 s in ${call}`);
}

/** Waits until the rewritten day's first item is on the air (status 1): until the rewrite joins at
 * the channel's frontier, seconds on, it is joining (status 4), and a page counts an item's
 * allowance from when it is on the air. */
async function onAir(call: 'teleprogramToday' | 'radioprogramToday'): Promise<void> {
  const calls = createApiClient({ baseUrl: site().url });
  await expect
    .poll(
      async () => {
        const run = await calls(call);
        return run === 'none' ? undefined : { status: run.status, index: run.index };
      },
      { timeout: 30_000 },
    )
    .toEqual({ status: 1, index: 0 });
}

test('the TV moves on once its item has run its length and 30 s, not before', async ({ page }) => {
  // At a fixed time just past the channel's frontier (10 s on), so the whole of it is still to air
  // once it is on.
  const video = await minuteLong('videoCatalogue');
  await writeToday('tv', { startsIn: -2, items: [{ id: video.id, startsIn: 12 }, { id: video.id }] });
  await onAir('teleprogramToday');
  await page.clock.install();
  await noteListArrival(page, 'teleprogramVideosWithAds');
  const watched = advances(page);
  await open(page, '/');
  // The page's wait starts at the commit that has the run and its list with ads, not before that
  // list came. The strip's own list is another call, and on a loaded machine the list with ads came
  // seconds after it: a wait counted from the strip alone was run out before the page had it. A mark
  // in the strip needs both lists (the picture, once it plays and until it reaches the item, shows
  // the slate before it and marks nothing).
  await expect(page.locator('.live-strip__item[aria-current="true"]')).toHaveCount(1, { timeout: 20_000 });
  const sinceListed = await page.evaluate(() => Date.now() - ((window as Listed).listedAt ?? Number.NaN));
  expect(sinceListed, 'the page noted when its list with ads came').toBeGreaterThanOrEqual(0);
  await page.clock.runFor((video.duration + 29) * 1000 - sinceListed);
  expect(watched.asked).toEqual([]);
  await page.clock.runFor(10_000);
  await movesOn(watched, 'teleprogramRunStatus');
});

test('the radio moves on once its item has run its length and 15 s, not before', async ({ page }) => {
  const radio = await minuteLong('radioCatalogue');
  await writeToday('radio', { startsIn: -2, items: [{ id: radio.id }, { id: radio.id }] });
  await onAir('radioprogramToday');
  await page.clock.install();
  const watched = advances(page);
  await open(page, '/radio');
  // The page's wait starts once the day's list has come and the item on air shows: a wait from the
  // list's answer alone counted the render after it, seconds on a loaded machine.
  await expect(page.locator('.live-radio__now:not(.live-radio__now--loading)')).toBeVisible();
  await page.clock.runFor((radio.duration + 10) * 1000);
  expect(watched.asked).toEqual([]);
  await page.clock.runFor(10_000);
  await movesOn(watched, 'radioprogramToday');
});
