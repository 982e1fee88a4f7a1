// The global file player: plays a radio recording, survives navigation and reloads, seeks,
// volume and mute, scroll to top, close; and says so when a recording has no sound file.
import { apiUrl } from '@efir/contract';
import { expect, type Page, test } from '@playwright/test';
import { open, radioId, site, storage, viewports } from './helpers.ts';
import { failOnPolicyViolations } from '../support/policy.ts';
import { useSite } from '../support/site.ts';

useSite();

failOnPolicyViolations();

const e2eRadioName = 'Проверка звука';
const player = (page: Page) => page.getByRole('region', { name: 'Плеер' });
const audioTime = (page: Page) =>
  page.getByTestId('file-player-audio').evaluate((audio) => (audio as HTMLAudioElement).currentTime);

async function playTestRadio(page: Page): Promise<void> {
  await open(page, `/search?q=${encodeURIComponent(e2eRadioName)}`);
  const card = page.getByTestId('search-radio-results').locator(`article[data-radio-id="${radioId()}"]`);
  const played = apiUrl('radioPlay', { params: { id: Number(radioId()) } });
  const recorded = page.waitForRequest((request) => request.url().endsWith(played));
  await card.getByRole('button').click();
  await recorded;
  await expect(player(page)).toContainText(e2eRadioName);
}

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: viewports.desktop });

  test('plays, seeks, pauses, and keeps playing across navigation', async ({ page }) => {
    await playTestRadio(page);
    await expect.poll(() => audioTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
    const seek = player(page).getByRole('slider', { name: 'Перемотка' });
    await expect(seek).toBeEnabled();
    // A click in the middle of the slider seeks to half the duration.
    await seek.click();
    await expect.poll(() => audioTime(page)).toBeGreaterThan(14);

    await page.getByRole('banner').getByRole('link', { name: 'О нас' }).click();
    await expect(page).toHaveURL(`${site()}/about`);
    const there = await audioTime(page);
    await expect.poll(() => audioTime(page)).toBeGreaterThan(there + 0.5);

    await player(page).getByRole('button', { name: 'Пауза' }).click();
    const paused = await audioTime(page);
    await page.waitForTimeout(600);
    expect(await audioTime(page)).toBeCloseTo(paused, 1);
    await player(page).getByRole('button', { name: 'Слушать' }).click();
    await expect.poll(() => audioTime(page)).toBeGreaterThan(paused + 0.3);
  });

  test('volume starts at 0.5 with the low icon; mute and the loud icon follow the spec thresholds', async ({
    page,
  }) => {
    await playTestRadio(page);
    const volume = player(page).getByRole('slider', { name: 'Громкость' });
    await expect(volume).toHaveValue('0.5');
    await expect(volume).toHaveAttribute('step', '0.01');
    const icon = () => player(page).locator('.file-player__volume svg').getAttribute('class');
    await expect.poll(icon).toContain('volume-1');
    await volume.fill('0.51');
    await expect.poll(icon).toContain('volume-2');
    expect(await page.getByTestId('file-player-audio').evaluate((audio) => (audio as HTMLAudioElement).volume)).toBe(
      0.51,
    );
    await volume.fill('0');
    await expect.poll(icon).toContain('volume-x');
    await volume.fill('0.3');
    await player(page).getByRole('button', { name: 'Выключить звук' }).click();
    expect(await page.getByTestId('file-player-audio').evaluate((audio) => (audio as HTMLAudioElement).muted)).toBe(
      true,
    );
    await expect.poll(icon).toContain('volume-x');
    await player(page).getByRole('button', { name: 'Включить звук' }).click();
    await expect.poll(icon).toContain('volume-1');
  });

  test('a reload finds the stored radio; close clears it and releases the audio', async ({ page }) => {
    await playTestRadio(page);
    expect(JSON.parse((await storage(page, 'radio')) ?? '{}')).toMatchObject({ id: Number(radioId()) });
    await page.reload();
    await expect(player(page)).toContainText(e2eRadioName);
    await page.evaluate(() => {
      window.scrollTo(0, document.body.scrollHeight);
    });
    await player(page).getByRole('button', { name: 'Наверх' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await player(page).getByRole('button', { name: 'Закрыть плеер' }).click();
    await expect(player(page)).toBeHidden();
    await expect(page.getByTestId('file-player-audio')).toHaveCount(0);
    expect(await storage(page, 'radio')).toBeNull();
  });

  test('a recording whose sound file is gone says it could not be loaded', async ({ page }) => {
    // A radio the visitor played before, kept in storage, whose file has since disappeared.
    await page.addInitScript(() => {
      const radio = {
        id: 999_999,
        name: 'Пропавшая запись',
        author: { name: 'Архив' },
        duration: 60,
        draft: 1,
        get_preview: '',
        link_radio: '/media/radios/999999/stream.m3u8',
        prosmotri: 0,
        date_added: '2026-01-01T00:00:00.000Z',
        category_id: 1,
      };
      localStorage.setItem('radio', JSON.stringify(radio));
    });
    await open(page, '/radio/catalog');
    await expect(player(page).getByRole('alert')).toHaveText('Не удалось загрузить звуковой файл');
  });
});

test.describe('mobile, 375 px', () => {
  test.use({ viewport: viewports.mobile });

  test('fits 375 px with its controls', async ({ page }) => {
    await playTestRadio(page);
    await expect.poll(() => audioTime(page), { timeout: 20_000 }).toBeGreaterThan(0.5);
    const box = await player(page).boundingBox();
    expect(box?.width).toBeLessThanOrEqual(375);
    await expect(player(page).getByRole('button', { name: 'Закрыть плеер' })).toBeInViewport();
    await expect(player(page).getByRole('slider', { name: 'Громкость' })).toBeInViewport();
  });
});
