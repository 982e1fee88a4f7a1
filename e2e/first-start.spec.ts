// A fresh start as a newcomer makes it: an empty data directory with the demo's media made in the
// background (DEMO_MEDIA=on, the default). Every item the site lists becomes playable, and a
// catalogue radio, a search result and a programme block each play on the first click. How soon
// (within two minutes) is bench/first-start.ts's to measure on a machine of its own: here the
// start shares the machine with the other specs.
import { createApiClient, dateIn } from '@efir/contract';
import { expect, type Page, test } from '@playwright/test';
import { notYetPlayable } from './support/demo-items.ts';
import { type Site, startSite } from './support/site.ts';
import { runTimeZone } from './support/time-zone.ts';
import { open } from './web/helpers.ts';

let site: Site;
let launchedAt: number;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  launchedAt = Date.now();
  site = await startSite({ DEMO_MEDIA: 'on' }, 'empty');
});

test.afterAll(async () => {
  await site.stop();
});

const advances = async (read: () => Promise<number>): Promise<void> => {
  await expect.poll(read, { timeout: 15_000 }).toBeGreaterThan(1);
  const before = await read();
  await expect.poll(read, { timeout: 5_000 }).toBeGreaterThan(before + 0.5);
};
const audioTime = (page: Page) => () =>
  page.getByTestId('file-player-audio').evaluate((audio) => (audio as HTMLAudioElement).currentTime);
const videoTime = (page: Page) => () =>
  page.getByTestId('video-player').evaluate((video) => (video as HTMLVideoElement).currentTime);

test('every listed demo item becomes playable after the first start', async () => {
  test.setTimeout(300_000);
  const known = new Set<string>();
  let state = await notYetPlayable(site.url, known);
  while (state.listed === 0 || state.left > 0) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    state = await notYetPlayable(site.url, known);
  }
  expect(state.listed).toBeGreaterThan(150);
  test.info().annotations.push({ type: 'playable', description: `after ${String(Date.now() - launchedAt)} ms` });
});

test('a catalogue radio plays on the first click', async ({ page }) => {
  await open(page, '/radio/catalog', { base: site.url });
  const card = page.getByTestId('radio-grid').locator('article').first();
  await expect(card).toHaveAttribute('data-ready', 'true');
  const name = (await card.getByRole('heading').innerText()).replace(/^Слушать:\s*/u, '');
  await card.getByRole('button').click();
  await expect(page.getByRole('region', { name: 'Плеер' })).toContainText(name);
  await advances(audioTime(page));
});

test('a search result plays on the first click', async ({ page }) => {
  await open(page, `/search?q=${encodeURIComponent('Москва')}`, { base: site.url });
  const result = page.getByTestId('search-video-results').locator('article').first();
  await result.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/video\/item\/\d+$/u);
  await advances(videoTime(page));
});

test("a block of yesterday's radio programme plays on the first click", async ({ page }) => {
  const yesterday = dateIn(runTimeZone(), new Date(Date.now() - 86_400_000));
  const days = await createApiClient({ baseUrl: site.url })('radioprogramList');
  expect(days.map((day) => day.date_to_start)).toContain(yesterday);
  await open(page, '/radio/program', { base: site.url });
  const slider = page.getByRole('region', { name: 'Дни программы' }).locator('button.day');
  await slider.filter({ hasText: 'Сегодня' }).locator('xpath=preceding::button[1]').click();
  await expect(page.getByTestId('radioprogram')).toHaveAttribute('data-day-kind', 'past');
  const block = page.getByTestId('radioprogram').locator('.programme__block').first();
  await expect(block).toHaveCSS('cursor', 'pointer');
  const name = await block.locator('.programme__name').innerText();
  await block.click();
  await expect(page.getByRole('region', { name: 'Плеер' })).toContainText(name);
  await advances(audioTime(page));
});
