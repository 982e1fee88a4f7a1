// /search?q=: the heading, two anchors, video and radio results, the «more» links, the empty state.
import { expect, test } from '@playwright/test';
import { expectNoCyrillic, open, site, viewports } from './helpers.ts';
import { useSite } from '../support/site.ts';

useSite();

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: viewports.desktop });

  test('finds videos and radios, links to the video page and plays a radio', async ({ page }) => {
    await open(page, `/search?q=${encodeURIComponent('Москва')}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Результаты поиска: «Москва»');
    await expect(page).toHaveTitle('Результаты поиска: Москва — Эфир');
    const videos = page.getByTestId('search-video-results').locator('article');
    const radios = page.getByTestId('search-radio-results').locator('article');
    await expect(videos.first()).toBeVisible();
    await expect(radios.first()).toBeVisible();

    await page.getByRole('navigation', { name: 'Разделы результатов' }).getByRole('link', { name: /Радио/u }).click();
    await expect(page).toHaveURL(/#search-radios$/u);
    await expect(page.getByRole('heading', { name: 'Радио', exact: true })).toBeInViewport();

    await expect(page.locator('#search-videos').getByRole('link', { name: 'Смотреть ещё' })).toHaveAttribute(
      'href',
      '/catalog',
    );
    await expect(page.locator('#search-radios').getByRole('link', { name: 'Смотреть ещё' })).toHaveAttribute(
      'href',
      '/radio/catalog',
    );

    // The demo's items have no media on the browser tests' site: they say so and open nothing.
    await expect(videos.first().getByTestId('preparing')).toBeVisible();
    await expect(videos.first().getByRole('link')).toHaveCount(0);
    await expect(radios.first().getByRole('button')).toHaveCount(0);

    // The items ingested for the tests play.
    await open(page, `/search?q=${encodeURIComponent('Проверка')}`);
    await radios.first().getByRole('button').click();
    await expect(page.getByRole('region', { name: 'Плеер' })).toBeVisible();

    const name = await videos.first().getByRole('heading').innerText();
    await videos.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/video\/item\/\d+$/u);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('says honestly when nothing is found and offers the recommended searches', async ({ page }) => {
    await open(page, '/search?q=zzqxj');
    await expect(page.getByTestId('search-empty')).toHaveText(
      'По запросу «zzqxj» ничего не нашлось. Попробуйте другие слова.',
    );
    const recommended = page.getByRole('region', { name: 'Часто ищут' }).getByRole('link');
    await expect(recommended.first()).toBeVisible();
    await recommended.first().click();
    await expect(page).toHaveURL(/\/search\?q=.+/u);
    await expect(page.getByTestId('search-empty')).toBeHidden();
  });

  test('a Latin query finds Cyrillic content, shown in the Latin script under ru-latn', async ({ page }) => {
    await open(page, '/ru-latn/search?q=moskva');
    await expect(page.getByTestId('search-video-results').locator('article').first()).toBeVisible();
    await expectNoCyrillic(page);
  });
});

test.describe('mobile, 375 px', () => {
  test.use({ viewport: viewports.mobile });

  test('the anchors scroll to the videos', async ({ page }) => {
    await open(page, `/search?q=${encodeURIComponent('Байкал')}`);
    await page.getByRole('link', { name: /Видео/u }).first().click();
    await expect(page).toHaveURL(`${site()}/search?q=${encodeURIComponent('Байкал')}#search-videos`);
    await expect(page.getByRole('heading', { name: 'Видео', exact: true })).toBeInViewport();
  });
});
