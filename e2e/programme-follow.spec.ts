// An open home page follows the day on air as editors change it: saved again, the strip beside
// the picture lists the new programme within 5 s without a reload, told by the event stream, and
// with the stream held back on its way (a proxy that buffers it) by polling. The ticker of an item
// runs with the picture: never over the item before it, which a live player still shows when the
// wall clock has passed the item's start.
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
  const catalogue = await createApiClient({ baseUrl: site.url })('videoCatalogue', { query: { page: 1 } });
  const other = catalogue.results.find((video) => video.id !== videoId);
  expect(other, 'another video of the demo catalogue').toBeDefined();
  const secondStartsIn = 15;
  const message = 'Строка второй передачи';
  await writeToday(
    'tv',
    {
      startsIn: -10,
      items: [{ id: videoId }, { id: other!.id, startsIn: secondStartsIn }],
      tickers: [{ message, startsIn: secondStartsIn, duration: 600, videoId: other!.id }],
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
  const onPicture = page.getByRole('list', { name: 'Программа передач на сегодня' }).locator('[aria-current="true"]');
  const ticker = page.getByRole('marquee').filter({ hasText: message });
  let seenBehind = false;
  for (;;) {
    const tickerShown = (await ticker.count()) > 0;
    const pictureOnSecond = ((await onPicture.textContent()) ?? '').includes(other!.name);
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
