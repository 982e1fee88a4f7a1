// The live TV channel in Chromium through hls.js: across an item boundary playback keeps going,
// with no stall and no hole in what is buffered. The schedule is arranged by the test.
import { expect, test } from '@playwright/test';
import { addHlsScript, failOnPolicyViolations } from './support/policy.ts';
import { writeToday } from './support/schedule.ts';
import { useSite } from './support/site.ts';

useSite();

failOnPolicyViolations();
test('hls.js plays the live TV channel across an item boundary without a stall or a gap', async ({ page }) => {
  test.setTimeout(90_000);
  const site = process.env.E2E_SITE_URL ?? '';
  const media = process.env.E2E_MEDIA_URL ?? '';
  const videoId = Number(process.env.E2E_VIDEO_ID);
  // Today's day began 10 s ago: the 20 s video three times, so items change 10 s and 30 s from now.
  const boundary = Date.now() + 10_000;
  await writeToday('tv', { startsIn: -10, items: [{ id: videoId }, { id: videoId }, { id: videoId }] });

  // A page of the site without a player of its own, so the test's player is the only one.
  await page.goto(`${site}/about`);
  await addHlsScript(page);
  await page.evaluate((src) => {
    const element = document.createElement('video');
    element.id = 'live';
    element.muted = true;
    document.body.append(element);
    const Hls = (window as unknown as { Hls: new () => Record<string, unknown> }).Hls;
    const hls = new Hls() as unknown as {
      loadSource(url: string): void;
      attachMedia(v: HTMLVideoElement): void;
      playingDate: Date | null;
    };
    (window as unknown as { hls: unknown }).hls = hls;
    let waits = 0;
    element.addEventListener('waiting', () => {
      waits += 1;
    });
    (window as unknown as { waits: () => number }).waits = () => waits;
    hls.loadSource(src);
    hls.attachMedia(element);
    void element.play();
  }, `${media}/tv/stream.m3u8`);

  const state = () =>
    page.evaluate(() => {
      const element = document.getElementById('live') as HTMLVideoElement;
      const hls = (window as unknown as { hls: { playingDate: Date | null } }).hls;
      const holes: number[] = [];
      for (let i = 1; i < element.buffered.length; i += 1)
        holes.push(element.buffered.start(i) - element.buffered.end(i - 1));
      return {
        time: element.currentTime,
        playing: hls.playingDate?.getTime() ?? 0,
        holes,
        waits: (window as unknown as { waits: () => number }).waits(),
      };
    });
  await expect.poll(async () => (await state()).time, { timeout: 20_000 }).toBeGreaterThan(1);
  const startWaits = (await state()).waits;
  // Sample once a second until playback has passed the boundary by 6 s: it always moves on.
  let last = await state();
  const deadline = Date.now() + 60_000;
  while (last.playing < boundary + 6000) {
    expect(Date.now(), 'playback reaches the boundary').toBeLessThan(deadline);
    await page.waitForTimeout(1000);
    const now = await state();
    expect(now.time - last.time, `playback advances (at ${new Date(now.playing).toISOString()})`).toBeGreaterThan(0.5);
    expect(
      now.holes.every((hole) => hole < 0.05),
      `no hole over 50 ms in ${JSON.stringify(now.holes)}`,
    ).toBe(true);
    last = now;
  }
  expect(last.waits - startWaits, 'no stall after the start').toBe(0);
});
