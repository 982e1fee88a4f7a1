// An ingested video plays in Chromium through hls.js from the media port, and switching rungs
// keeps the position.
import { createApiClient } from '@efir/contract';
import { expect, test } from '@playwright/test';
import { addHlsScript, failOnPolicyViolations } from './support/policy.ts';
import { useSite } from './support/site.ts';

useSite();

failOnPolicyViolations();

test('an ingested video plays through hls.js and keeps its position across a change of rung', async ({ page }) => {
  const site = process.env.E2E_SITE_URL ?? '';
  const media = process.env.E2E_MEDIA_URL ?? '';
  const video = await createApiClient({ baseUrl: site })('video', { params: { id: Number(process.env.E2E_VIDEO_ID) } });
  expect(video.video_kach.map((rung) => rung.kach)).toEqual([720, 480, 360]);

  await page.goto(`${site}/`);
  await addHlsScript(page);
  await page.evaluate((src) => {
    const element = document.createElement('video');
    element.id = 'player';
    element.muted = true;
    document.body.append(element);
    const Hls = (
      window as unknown as { Hls: new () => { loadSource(url: string): void; attachMedia(v: HTMLVideoElement): void } }
    ).Hls;
    const hls = new Hls();
    (window as unknown as { hls: unknown }).hls = hls;
    hls.loadSource(src);
    hls.attachMedia(element);
    void element.play();
  }, `${media}${video.link_video}`);

  const currentTime = () => page.evaluate(() => (document.getElementById('player') as HTMLVideoElement).currentTime);
  await expect.poll(currentTime, { timeout: 20_000 }).toBeGreaterThan(3);

  const levels = await page.evaluate(() =>
    (window as unknown as { hls: { levels: { height: number }[] } }).hls.levels.map((l) => l.height),
  );
  expect([...levels].sort((a, b) => b - a)).toEqual([720, 480, 360]);
  const before = await currentTime();
  await page.evaluate(() => {
    const hls = (window as unknown as { hls: { levels: { height: number }[]; currentLevel: number } }).hls;
    hls.currentLevel = hls.levels.findIndex((level) => level.height === 360);
  });
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const hls = (window as unknown as { hls: { levels: { height: number }[]; currentLevel: number } }).hls;
          return hls.levels[hls.currentLevel]?.height;
        }),
      { timeout: 15_000 },
    )
    .toBe(360);
  const after = await currentTime();
  expect(after).toBeGreaterThanOrEqual(before);
  expect(after - before).toBeLessThan(6);
  await expect.poll(currentTime, { timeout: 10_000 }).toBeGreaterThan(after + 1);
});
