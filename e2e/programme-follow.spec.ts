// An open home page follows the day on air as editors change it: saved again, the strip beside
// the picture lists the new programme within 5 s without a reload, told by the event stream, and
// with the stream held back on its way (a proxy that buffers it) by polling. The ticker of an item
// runs with the picture: never over the item before it, which a live player still shows when the
// wall clock has passed the item's start. And while the picture shows the slate (a gap between two
// items), the strip marks no item on the air.
import { apiPrefix, createApiClient, eventStreamPath } from '@efir/contract';
import { expect, test } from '@playwright/test';
import { secondsSinceMidnight, writeToday } from './support/schedule.ts';
import { useSite } from './support/site.ts';
import { open } from './web/helpers.ts';

const spec = useSite();
const videoId = Number(process.env.E2E_VIDEO_ID);

for (const streamHeldBack of [false, true]) {
  test(`the strip shows a saved change within 5 s ${streamHeldBack ? 'by polling' : 'by push'}`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    test.skip(secondsSinceMidnight() < 120, 'too close to midnight on the schedules’ clock');
    const site = { url: spec().url, dataDir: spec().dataDir };
    const catalogue = await createApiClient({ baseUrl: site.url })('videoCatalogue', { query: { page: 1 } });
    const other = catalogue.results.find((video) => video.id !== videoId);
    expect(other, 'another video of the demo catalogue').toBeDefined();
    const day = { startsIn: -20, items: Array.from({ length: 6 }, () => ({ id: videoId })) };
    await writeToday('tv', day, site);

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    if (streamHeldBack) {
      await page.route(`**${apiPrefix}${eventStreamPath}**`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/event-stream', body: '' }),
      );
    }
    await open(page, '/', { base: site.url });
    const strip = page.getByRole('list', { name: 'Программа передач на сегодня' });
    await expect(strip.getByRole('listitem')).toHaveCount(6, { timeout: 20_000 });

    await writeToday('tv', { ...day, items: [...day.items, { id: other!.id }] }, site);
    const saved = Date.now();
    await expect(strip.getByRole('listitem').filter({ hasText: other!.name })).toBeVisible({ timeout: 5000 });
    expect(Date.now() - saved).toBeLessThan(5000);
    await expect(strip.getByRole('listitem')).toHaveCount(7);
    await page.context().close();
  });
}

test('an item’s ticker runs with the picture of that item, not with the wall clock', async ({ browser }) => {
  test.setTimeout(120_000);
  test.skip(secondsSinceMidnight() < 120, 'too close to midnight on the schedules’ clock');
  const site = { url: spec().url, dataDir: spec().dataDir };
  // The test's video twice (the demo's have no media here): the second from when the first ends,
  // at a fixed time, with the ticker of that second airing.
  const first = await createApiClient({ baseUrl: site.url })('video', { params: { id: videoId } });
  const secondStartsIn = first.duration - 10;
  const message = 'Строка второй передачи';
  await writeToday(
    'tv',
    {
      startsIn: -10,
      items: [{ id: videoId }, { id: videoId, startsIn: secondStartsIn }],
      tickers: [{ message, startsIn: secondStartsIn, duration: 600, videoId }],
    },
    site,
  );
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const written = Date.now();
  await open(page, '/', { base: site.url });
  const video = page.locator('.live-tv video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(1);
  const strip = page.getByRole('list', { name: 'Программа передач на сегодня' });
  const ticker = page.getByRole('marquee').filter({ hasText: message });
  let seenBehind = false;
  for (;;) {
    const tickerShown = (await ticker.count()) > 0;
    const pictureOnSecond =
      (await strip.evaluate((list) =>
        [...list.children].findIndex((item) => item.getAttribute('aria-current') === 'true'),
      )) === 1;
    // The wall clock is past the second item's start while the picture still shows the first.
    if (!pictureOnSecond && Date.now() - written > (secondStartsIn + 1) * 1000) seenBehind = true;
    expect(tickerShown && !pictureOnSecond, 'the ticker over the item before its own').toBe(false);
    if (tickerShown) break;
    expect(Date.now() - written, 'the ticker came with its item').toBeLessThan((secondStartsIn + 45) * 1000);
    await page.waitForTimeout(200);
  }
  expect(seenBehind, 'the live picture runs behind the wall clock, so the test could tell').toBe(true);
  await page.context().close();
});

test('the strip marks no item while the slate is on the picture, and the next item once it airs', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  test.skip(secondsSinceMidnight() < 120, 'too close to midnight on the schedules’ clock');
  const site = { url: spec().url, dataDir: spec().dataDir };
  const video = await createApiClient({ baseUrl: site.url })('video', { params: { id: videoId } });
  // The day begins 15 s from now, past what the channel has already decided to air (10 s), with the
  // video; the video again at a fixed time 8 s after it ends: the slate fills the time between.
  const firstStartsIn = 15;
  const firstEndsIn = firstStartsIn + video.duration;
  const secondStartsIn = firstEndsIn + 8;
  await writeToday(
    'tv',
    { startsIn: firstStartsIn, items: [{ id: videoId }, { id: videoId, startsIn: secondStartsIn }] },
    site,
  );
  const written = Date.now();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await open(page, '/', { base: site.url });
  const strip = page.getByRole('list', { name: 'Программа передач на сегодня' });
  // Which of the two the strip marks on the air ('slate': neither), each time that changes, until
  // it marks the second.
  const marked = async (): Promise<string> => {
    const at = await strip.evaluate((list) =>
      [...list.children].findIndex((item) => item.getAttribute('aria-current') === 'true'),
    );
    return ['slate', 'first', 'second'][at + 1] ?? 'another';
  };
  const marks: { at: number; mark: string }[] = [];
  for (;;) {
    const mark = await marked();
    if (marks.at(-1)?.mark !== mark) marks.push({ at: Date.now() - written, mark });
    if (mark === 'second') break;
    expect(Date.now() - written, `the second item came on the picture: ${JSON.stringify(marks)}`).toBeLessThan(
      (secondStartsIn + 30) * 1000,
    );
    await page.waitForTimeout(200);
  }
  // Its last changes: the first item, nothing while the slate airs between them, the second.
  const last = marks.slice(-3);
  expect(
    last.map(({ mark }) => mark),
    JSON.stringify(marks),
  ).toEqual(['first', 'slate', 'second']);
  // Each change came with the picture, which runs behind the wall clock: never early.
  expect(last[1]!.at, 'the slate not before the first item ended').toBeGreaterThan(firstEndsIn * 1000);
  expect(last[2]!.at, 'the second not before it began').toBeGreaterThan(secondStartsIn * 1000);
  await page.context().close();
});
