// /tv: the day slider (3.5 per view on mobile, 7 from 700 px, moves 2, starts at today), the
// blocks, the clickability rules, the 500 ms delay and the 'none' fallback.
import { apiPattern, createApiClient } from '@efir/contract';
import { expect, type Page, test } from '@playwright/test';
import { secondsSinceMidnight, writeToday } from '../support/schedule.ts';
import { open, site, viewports } from './helpers.ts';
import { useSite } from '../support/site.ts';

useSite();

const days = (page: Page) => page.getByRole('region', { name: 'Дни программы' }).locator('button.day');
const blocks = (page: Page) => page.getByTestId('teleprogram').locator('.programme__block');

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: viewports.desktop });

  test('starts at today, shows 7 days, and each block has time, preview, name and description', async ({ page }) => {
    // Today: thirty published videos ten minutes apart from up to two hours ago (no earlier than
    // midnight), so the 13th is on air, or an earlier one just after midnight.
    const published = await createApiClient({ baseUrl: site() })('videoCatalogue', { query: { page: 1 } });
    const back = Math.min(7200, Math.floor(secondsSinceMidnight() / 600) * 600);
    await writeToday('tv', {
      startsIn: -back,
      items: published.results.slice(0, 30).map((video, i) => ({ id: video.id, startsIn: -back + i * 600 })),
    });
    await open(page, '/tv');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Телепрограмма');
    await expect(days(page)).toHaveCount(7);
    const today = days(page).filter({ hasText: 'Сегодня' });
    await expect(today).toHaveAttribute('aria-pressed', 'true');
    await expect(today).toContainText(/\d{2} [а-я]+$/u);
    // All seven in the slider's view, side by side: read across the slider, as the page may
    // already have scrolled down to the programme on air.
    await expect
      .poll(() =>
        page.getByRole('region', { name: 'Дни программы' }).evaluate((slider) => {
          const view = slider.querySelector('.carousel__viewport')?.getBoundingClientRect();
          const shown = [...slider.querySelectorAll('button.day')].map((day) => day.getBoundingClientRect());
          return view !== undefined && shown.every((day) => day.left >= view.left - 1 && day.right <= view.right + 1);
        }),
      )
      .toBe(true);
    const first = blocks(page).first();
    await expect(first.locator('.programme__time')).toHaveText(/^(\d{2}:\d{2}|\*\*\*)$/u);
    await expect(first.locator('.programme__preview img')).toBeVisible();
    await expect(first.locator('.programme__name')).not.toBeEmpty();
    // Today's published (draft 0) items are not clickable, so they show no play icon.
    await expect(page.getByTestId('teleprogram')).toHaveAttribute('data-day-kind', 'today');
    await expect(page.getByTestId('teleprogram').getByRole('link')).toHaveCount(0);
    await expect(page.getByTestId('teleprogram').locator('.programme__play')).toHaveCount(0);
    // The day opens at what is on air: marked, and in view.
    const onAir = page.getByTestId('teleprogram').locator('li[aria-current="time"]');
    await expect(onAir).toHaveCount(1);
    await expect(onAir).toBeInViewport();
    await expect(onAir).toContainText('Сейчас в эфире');
    await expect(
      blocks(page)
        .nth(back / 600)
        .locator('..'),
    ).toHaveAttribute('aria-current', 'time');
  });

  test('a past day opens its videos; a future day opens nothing; content comes 500 ms after the choice', async ({
    page,
  }) => {
    await open(page, '/tv');
    await expect(blocks(page).first()).toBeVisible();
    const past = days(page).first();
    const asked = page.waitForRequest(apiPattern('teleprogramVideos'));
    const chosenAt = Date.now();
    await past.click();
    await asked;
    expect(Date.now() - chosenAt).toBeGreaterThanOrEqual(450);
    await expect(page.getByTestId('teleprogram')).toHaveAttribute('data-day-kind', 'past');
    const link = page.getByTestId('teleprogram').getByRole('link').first();
    await expect(link.locator('.programme__play')).toBeAttached();
    await expect(link).toHaveCSS('cursor', 'pointer');
    const name = await link.locator('.programme__name').innerText();
    await link.click();
    await expect(page).toHaveURL(/\/video\/item\/\d+$/u);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

    await page.goBack();
    await days(page).last().click();
    await expect(page.getByTestId('teleprogram')).toHaveAttribute('data-day-kind', 'future');
    await expect(page.getByTestId('teleprogram').getByRole('link')).toHaveCount(0);
    await expect(blocks(page).first()).toHaveCSS('cursor', 'default');
  });

  test("selects the last day when today answers 'none'", async ({ page }) => {
    await page.route(apiPattern('teleprogramToday'), (route) => route.fulfill({ json: 'none' }));
    await open(page, '/tv');
    await expect(days(page).last()).toHaveAttribute('aria-pressed', 'true');
  });

  test('a failing today call counts as none and the page still works', async ({ page }) => {
    await page.route(apiPattern('teleprogramToday'), (route) => route.fulfill({ status: 404, json: {} }));
    await open(page, '/tv');
    await expect(days(page).last()).toHaveAttribute('aria-pressed', 'true');
    await expect(blocks(page).first()).toBeVisible();
  });
});

test.describe('mobile, 375 px', () => {
  test.use({ viewport: viewports.mobile });

  test('shows 3.5 days per view and moves 2 at a time', async ({ page }) => {
    await open(page, '/tv');
    await expect(blocks(page).first()).toBeVisible();
    const slider = page.getByRole('region', { name: 'Дни программы' });
    const viewportWidth = await slider.locator('.carousel__viewport').evaluate((node) => node.clientWidth);
    const slideWidth = await slider
      .locator('.carousel__slide')
      .first()
      .evaluate((node) => node.getBoundingClientRect().width);
    expect(Math.abs(slideWidth * 3.5 - (viewportWidth + 8))).toBeLessThan(2);
    const left = () =>
      days(page)
        .first()
        .evaluate((node) => Math.round(node.getBoundingClientRect().left));
    // Back to the first day, however far into the list today is (the slider opens on it).
    const back = slider.getByRole('button', { name: 'Назад' });
    // The slider is laid out once one of its buttons can move it.
    await expect(slider.locator('.carousel__button:enabled').first()).toBeVisible();
    for (let moves = 0; moves < 7 && (await back.isEnabled()); moves += 1) await back.click();
    await expect(back).toBeDisabled();
    await expect.poll(left).toBeGreaterThanOrEqual(0);
    const before = await left();
    await slider.getByRole('button', { name: 'Вперёд' }).click();
    // One move is two slides: more than one and a half, less than two and a half.
    await expect.poll(left).toBeLessThan(before - slideWidth * 1.5);
    await expect.poll(left).toBeGreaterThan(before - slideWidth * 2.5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(page).toHaveURL(`${site()}/tv`);
  });
});
