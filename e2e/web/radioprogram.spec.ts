// /radio/program: the day slider and the blocks (time, preview, name, author, duration, download),
// the cursor rules and a click that plays.
import { execFileSync } from 'node:child_process';
import { createApiClient } from '@efir/contract';
import { expect, type Page, test } from '@playwright/test';
import { writeToday } from '../support/schedule.ts';
import { expectNoCyrillic, open, radioId, site, viewports } from './helpers.ts';
import { useSite } from '../support/site.ts';

useSite();

const days = (page: Page) => page.getByRole('region', { name: 'Дни программы' }).locator('button.day');
const blocks = (page: Page) => page.getByTestId('radioprogram').locator('.programme__block');

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: viewports.desktop });

  test("starts at today; today's and future days' items keep the default cursor; a past item plays", async ({
    page,
  }) => {
    // The first day holds the radio ingested for the tests first: the demo's have no media here.
    const radioprogramDays = await createApiClient({ baseUrl: site() })('radioprogramList');
    const firstDay = radioprogramDays[0]?.date_to_start ?? '';
    await writeToday('radio', { date: firstDay, startsIn: 0, items: [{ id: Number(radioId()) }, { id: 1 }] });
    await open(page, '/radio/program');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Радиопрограмма');
    await expect(days(page).filter({ hasText: 'Сегодня' })).toHaveAttribute('aria-pressed', 'true');
    const first = blocks(page).first();
    await expect(first.locator('.programme__time')).toHaveText(/^(\d{2}:\d{2}|\*\*\*)$/u);
    await expect(blocks(page).nth(1).locator('.programme__time')).toHaveText(/^(\d{2}:\d{2}|\*\*\*)$/u);
    await expect(first.locator('.programme__duration')).toHaveText(/^\d{2}:\d{2}:\d{2}$/u);
    await expect(first.locator('.programme__description')).not.toBeEmpty();
    await expect(page.getByTestId('radioprogram').locator('.programme__download').first()).toBeAttached();
    await expect(first).toHaveCSS('cursor', 'default');

    await days(page).last().click();
    await expect(page.getByTestId('radioprogram')).toHaveAttribute('data-day-kind', 'future');
    await expect(blocks(page).first()).toHaveCSS('cursor', 'default');

    await days(page).first().click();
    await expect(page.getByTestId('radioprogram')).toHaveAttribute('data-day-kind', 'past');
    const playable = blocks(page).first();
    await expect(playable).toHaveCSS('cursor', 'pointer');
    const preparing = blocks(page).nth(1);
    await expect(preparing.locator('.programme__preparing')).toHaveText('Готовится');
    await expect(preparing).toHaveCSS('cursor', 'default');
    const name = await playable.locator('.programme__name').innerText();
    await playable.click();
    await expect(page.getByRole('region', { name: 'Плеер' })).toContainText(name);

    // Its download saves an audio file under the radio's name, which ffprobe reads as AAC.
    const download = page.getByRole('link', { name: `Скачать: ${name}` });
    await expect(download).toHaveAttribute('download', `${name}.m4a`);
    const saving = page.waitForEvent('download');
    await download.click();
    const saved = await saving;
    expect(saved.suggestedFilename()).toBe(`${name}.m4a`);
    const file = await saved.path();
    const streams = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=codec_name,codec_type', '-of', 'csv=p=0', file],
      { encoding: 'utf8' },
    );
    expect(streams.trim()).toBe('aac,audio');
  });
});

test.describe('mobile, 375 px', () => {
  test.use({ viewport: viewports.mobile });

  test('fits 375 px and reads in the Latin script', async ({ page }) => {
    await open(page, '/ru-latn/radio/program');
    await expect(blocks(page).first()).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Dni programmy' }).locator('button.day[aria-pressed="true"]'),
    ).toContainText('Segodnia');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoCyrillic(page);
  });
});
