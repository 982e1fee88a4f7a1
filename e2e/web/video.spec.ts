// /video/item/{id}: playback through hls.js, the quality menu, the texts, the age rating, the
// related carousel, the external frame, the stored radio, and a new page for a new id.
import { apiPattern, apiUrl } from '@efir/contract';
import { expect, type Page, test } from '@playwright/test';
import { open, settled, site, storage, videoId, viewports } from './helpers.ts';
import { failOnPolicyViolations } from '../support/policy.ts';
import { useSite } from '../support/site.ts';
import { e2eSubtitleCues } from '../support/web.ts';

useSite();

failOnPolicyViolations();

const currentTime = (page: Page) =>
  page.getByTestId('video-player').evaluate((video) => (video as HTMLVideoElement).currentTime);

/** Serves the real video answer with some fields changed. */
async function withVideo(page: Page, id: number | string, changes: Record<string, unknown>): Promise<void> {
  await page.route(`**${apiUrl('video', { params: { id: Number(id) } })}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), ...changes } });
  });
}

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: viewports.desktop });

  test('plays the video, and a change of quality keeps the position', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await open(page, '/catalog');
    await settled(page);
    expect(scripts.some((url) => url.includes('hls'))).toBe(false);

    await page.goto(`${site()}/video/item/${videoId()}`);
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(2);
    expect(scripts.some((url) => url.includes('hls'))).toBe(true);

    const quality = page.getByRole('combobox', { name: 'Качество' });
    await expect(quality.locator('option')).toHaveText(['720p', '480p', '360p']);
    await expect(quality).toHaveValue('720');
    const before = await currentTime(page);
    await quality.selectOption('360');
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(before + 1);
    const after = await currentTime(page);
    expect(after - before).toBeLessThan(8);
  });

  test('the subtitles show the cue of the moment when turned on, in the page’s script, and stay on', async ({
    page,
  }) => {
    // The showing track's language and, at the picture's time, the cue a viewer reads and the one
    // the file has for that time.
    const subtitles = () =>
      page.getByTestId('video-player').evaluate((element, cues) => {
        const video = element as HTMLVideoElement;
        const showing = Array.from(video.textTracks).filter((track) => track.mode === 'showing');
        const at = video.currentTime;
        const active = Array.from(showing[0]?.activeCues ?? []) as VTTCue[];
        const second = (time: string) => time.split(':').reduce((sum, part) => sum * 60 + Number(part), 0);
        const due = cues.find((cue) => second(cue.from) <= at && at < second(cue.to))?.text ?? '';
        return { showing: showing.map((track) => track.language), shown: active.map((cue) => cue.text).join(), due };
      }, e2eSubtitleCues);
    await open(page, `/video/item/${videoId()}`);
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
    const button = page.getByRole('button', { name: 'Субтитры' });
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    expect((await subtitles()).showing).toEqual([]);
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    // The cue shown is the one due at the picture's time (a reading on a cue's edge is read again).
    await expect
      .poll(async () => {
        const now = await subtitles();
        return now.shown !== '' && now.shown === now.due ? now.showing : now;
      })
      .toEqual(['ru']);
    // Kept for the next video page, and in the Latin script there.
    await open(page, `/ru-latn/video/item/${videoId()}`);
    await expect(page.getByRole('button', { name: 'Subtitry' })).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(
        async () => {
          const now = await subtitles();
          return now.shown !== '' ? now.showing : now;
        },
        { timeout: 20_000 },
      )
      .toEqual(['ru-Latn']);
  });

  test('shows name, views, date, description and a plot that expands and collapses', async ({ page }) => {
    await open(page, '/video/item/11');
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(page.locator('.video-page__meta time')).toHaveText(/^\d{2} [а-я]+ \d{4}$/u);
    await expect(page.getByRole('heading', { name: 'Описание' })).toBeVisible();
    const toggle = page.getByRole('button', { name: 'Развернуть' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const collapsed = await page.getByTestId('plot').evaluate((plot) => plot.clientHeight);
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Свернуть' })).toHaveAttribute('aria-expanded', 'true');
    expect(await page.getByTestId('plot').evaluate((plot) => plot.clientHeight)).toBeGreaterThan(collapsed);
    await page.getByRole('button', { name: 'Свернуть' }).click();
    await expect(page.getByRole('button', { name: 'Развернуть' })).toBeVisible();
    // Demo video 11 is rated 12+; a video rated 99 shows no rating.
    await expect(page.getByTestId('age-rating')).toHaveText('Возрастное ограничение: 12+');
    await withVideo(page, 11, { censored: 99 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(page.getByTestId('age-rating')).toHaveCount(0);
  });

  test('asks for related videos 800 ms later and shows 5 per view, 35 px apart', async ({ page }) => {
    await open(page, '/video/item/11');
    const related = page.getByTestId('related-videos');
    const slides = related.locator('.carousel__slide');
    await expect(slides.first()).toBeVisible();
    // The browser's own clock: request events reach the test process with a delay of their own.
    const gap = await page.evaluate(
      ([related, video]) => {
        const started = (pattern: string) =>
          performance.getEntriesByType('resource').find((entry) => new RegExp(pattern, 'u').test(entry.name))
            ?.startTime ?? 0;
        return started(related) - started(video);
      },
      [apiPattern('relatedVideos').source, apiPattern('video').source] as const,
    );
    expect(gap).toBeGreaterThanOrEqual(800);
    const geometry = await slides.evaluateAll((nodes) =>
      nodes.slice(0, 2).map((node) => ({
        width: node.getBoundingClientRect().width,
        padding: getComputedStyle(node).paddingLeft,
      })),
    );
    const viewport = await related.locator('.carousel__viewport').evaluate((node) => node.clientWidth);
    expect(Math.abs((geometry[0]?.width ?? 0) * 5 - (viewport + 35))).toBeLessThan(2);
    expect(geometry[0]?.padding).toBe('35px');
    // Autoplay turns the carousel every 5 s.
    const transform = () =>
      related.locator('.carousel__container').evaluate((node) => getComputedStyle(node).transform);
    const start = await transform();
    await expect.poll(transform, { timeout: 8000 }).not.toBe(start);

    // Each slide opens its video, or, while the video's media are being made (the browser tests'
    // site makes no demo media), says so and links nowhere.
    const kinds = await slides.evaluateAll((nodes) =>
      nodes.map(
        (node) => `${node.querySelectorAll('a').length}:${node.querySelectorAll('[data-testid="preparing"]').length}`,
      ),
    );
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) expect(['1:0', '0:1']).toContain(kind);
  });

  test('opening a video clears the stored radio', async ({ page }) => {
    await open(page, '/about');
    await page.evaluate(
      async (url) => {
        const response = await fetch(url);
        const body = (await response.json()) as { results: unknown[] };
        localStorage.setItem('radio', JSON.stringify(body.results[0]));
      },
      apiUrl('radioCatalogue', { query: { page: 1 } }),
    );
    await page.reload();
    await expect(page.getByRole('region', { name: 'Плеер' })).toBeVisible();
    await page.goto(`${site()}/video/item/11`);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    expect(await storage(page, 'radio')).toBeNull();
    await expect(page.getByRole('region', { name: 'Плеер' })).toBeHidden();
  });

  test('an allow-listed external video plays in a sandboxed frame; anything else is dropped', async ({ page }) => {
    await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ body: '<p>frame</p>' }));
    await withVideo(page, 12, { youtubeIframe: 'https://www.youtube-nocookie.com/embed/abc123' });
    await open(page, '/video/item/12');
    const frame = page.locator('iframe');
    await expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abc123');
    await expect(frame).toHaveAttribute('sandbox', /allow-scripts/u);
    await page.unrouteAll();
    await withVideo(page, 12, { youtubeIframe: '<iframe src="https://evil.example/x"></iframe>' });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByText('Видео готовится к показу')).toBeVisible();
  });

  test('an unknown video is the 404 page', async ({ page }) => {
    await open(page, '/video/item/987654');
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  });
});

test.describe('mobile, 375 px', () => {
  test.use({ viewport: viewports.mobile });

  test('the player fits the width and the plot reads in the Latin script', async ({ page }) => {
    await open(page, `/ru-latn/video/item/${videoId()}`);
    const width = await page.getByTestId('video-player').evaluate((video) => video.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const quality = page.getByRole('combobox', { name: 'Kachestvo' });
    await expect(quality).toBeVisible();
    // The quality menu sits under the picture, not over it.
    const picture = await page.getByTestId('video-player').boundingBox();
    const menu = await quality.boundingBox();
    expect(menu?.y).toBeGreaterThanOrEqual((picture?.y ?? 0) + (picture?.height ?? 0) - 1);
  });
});
