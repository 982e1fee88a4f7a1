// /catalog: the TV/Radio switch, tabs, sort, slideshow on All, the grid and the page list.
import { apiPattern } from '@efir/contract';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, open, settled, site, viewports } from './helpers.ts';
import { useSite } from '../support/site.ts';

useSite();

/** Serves the real catalogue answers with another count, to see the page list of a large catalogue. */
async function withCount(page: Page, count: number): Promise<void> {
  await page.route(apiPattern('videoCatalogue'), async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { count: number; results: unknown[] };
    await route.fulfill({ response, json: { ...body, count } });
  });
}

function pageList(page: Page) {
  return page.getByRole('navigation', { name: 'Страница' }).locator('li');
}

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: viewports.desktop });

  test('tabs, sort and page live in the URL; a category starts again at page 1', async ({ page }) => {
    await open(page, '/catalog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Каталог');
    const tabs = page.getByRole('navigation', { name: 'Рубрики' }).getByRole('link');
    await expect(tabs).toHaveCount(8);
    await expect(tabs.first()).toHaveText('Все');
    await expect(tabs.first()).toHaveAttribute('aria-current', 'page');
    const slideshow = page.getByRole('region', { name: 'Избранное каталога' });
    await expect(slideshow).toBeVisible();
    // Slides carry grey and blue tags.
    await expect(slideshow.locator('.tag--blue').first()).toHaveCSS('background-color', 'rgb(22, 87, 181)');
    await expect(slideshow.locator('.tag--grey').first()).toHaveCSS('background-color', 'rgb(227, 231, 237)');
    const grid = page.getByTestId('video-grid');
    await expect(grid.locator('article')).toHaveCount(30);

    // 86 published videos: round(86 / 30) = 3 pages.
    await expect(pageList(page)).toHaveText(['1', '2', '3']);
    await page.getByRole('link', { name: 'Страница 2' }).click();
    await expect(page).toHaveURL(`${site()}/catalog?page=2`);
    await expect(page.getByRole('link', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');

    const sort = page.getByRole('combobox', { name: 'Сортировка' });
    await expect(sort.locator('option')).toHaveText(['Все', 'Популярные', 'Новые']);
    await sort.selectOption('1');
    await expect(page).toHaveURL(`${site()}/catalog?sort=1&page=2`);

    await tabs.filter({ hasText: 'Кулинария' }).click();
    await expect(page).toHaveURL(/\/catalog\?tab=\d+&sort=1$/u);
    await expect(page.getByRole('region', { name: 'Избранное каталога' })).toBeHidden();
    await expect(tabs.filter({ hasText: 'Кулинария' })).toHaveAttribute('aria-current', 'page');
    await settled(page);
    const views = await grid.locator('.card__views').allInnerTexts();
    const numbers = views.map((text) => Number(text.replace(/\D/gu, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

    await page.goBack();
    await expect(page).toHaveURL(`${site()}/catalog?sort=1&page=2`);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('1');
    await expect(page.getByRole('link', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
  });

  test('a card shows preview (the default picture without one), name, views and date, and opens the video; one whose media are being made says so and opens nothing', async ({
    page,
  }) => {
    await open(page, '/catalog?sort=2');
    const cards = page.getByTestId('video-grid').locator('article');
    // The newest is the video ingested for the tests, with its own preview and media; the demo's
    // have neither (the browser tests' site makes no demo media).
    const ready = cards.first();
    await expect(ready.locator('img')).toHaveAttribute('src', /^\/media\/.+\.jpg$/u);
    await expect(ready.locator('img')).not.toHaveAttribute('data-default-preview');
    await expect(ready.getByTestId('preparing')).toHaveCount(0);

    const preparing = cards.nth(1);
    await expect(preparing.locator('img')).toHaveAttribute('data-default-preview');
    await expect(preparing.locator('.card__views')).toHaveText(/Просмотры: \d/u);
    await expect(preparing.locator('time')).toHaveText(/^\d{2} [а-я]+ \d{4}$/u);
    await expect(preparing.getByTestId('preparing')).toHaveText('Готовится');
    await expect(preparing.getByRole('link')).toHaveCount(0);
    await preparing.click();
    await expect(page).toHaveURL(`${site()}/catalog?sort=2`);

    const name = await ready.getByRole('heading').innerText();
    await ready.getByRole('link').click();
    await expect(page).toHaveURL(/\/video\/item\/\d+$/u);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByTestId('video-player')).toBeVisible();
  });

  test('the slideshow moves by itself every 5 s, and not at all for a visitor who asked for less motion', async ({
    page,
  }) => {
    await page.clock.install();
    await open(page, '/catalog');
    const slides = page.getByRole('region', { name: 'Избранное каталога' }).locator('.carousel__container');
    await expect(slides).toBeVisible();
    await expect(slides).toHaveAttribute('aria-live', 'off');
    const position = () => slides.evaluate((container) => getComputedStyle(container).transform);
    await page.clock.runFor(1000);
    const first = await position();
    await page.clock.runFor(6000);
    await expect.poll(position).not.toBe(first);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // The carousel has taken the change: it no longer plays, and tells a screen reader its slides.
    await expect(slides).toHaveAttribute('aria-live', 'polite');
    await page.clock.runFor(1000);
    const kept = await position();
    expect(kept, 'the slide shown stays when the visitor asks for less motion').not.toBe(first);
    await page.clock.runFor(16_000);
    expect(await position()).toBe(kept);
  });

  test('the TV/Radio switch goes to the radio catalogue', async ({ page }) => {
    await open(page, '/catalog');
    await page.getByRole('navigation', { name: 'Каталог', exact: true }).getByRole('link', { name: 'Радио' }).click();
    await expect(page).toHaveURL(`${site()}/radio/catalog`);
  });

  test('the page list follows the spec for a large catalogue; the ellipsis does nothing', async ({ page }) => {
    await withCount(page, 600); // 20 pages
    await open(page, '/catalog');
    await expect(pageList(page)).toHaveText(['1', '2', '3', '4', '…', '20']);
    await page.goto(`${site()}/catalog?page=10`);
    await expect(pageList(page)).toHaveText(['9', '10', '11', '12', '…', '20']);
    await page.getByTestId('pagination-ellipsis').click();
    await expect(page).toHaveURL(`${site()}/catalog?page=10`);
    await page.goto(`${site()}/catalog?page=16`);
    await expect(pageList(page)).toHaveText(['15', '16', '17', '18', '19', '20']);
    await page.goto(`${site()}/catalog?page=15`);
    await expect(pageList(page)).toHaveText(['14', '15', '16', '17', '…', '20']);
  });

  test('six pages are all shown; one page (count 31 rounds to 1) hides the list', async ({ page }) => {
    await withCount(page, 190); // round(6.33) = 6
    await open(page, '/catalog?page=3');
    await expect(pageList(page)).toHaveText(['1', '2', '3', '4', '5', '6']);
    await page.unrouteAll();
    await withCount(page, 31);
    await page.reload();
    await expect(page.getByTestId('video-grid')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Страница' })).toHaveCount(0);
  });
});

test.describe('mobile, 375 px', () => {
  test.use({ viewport: viewports.mobile });

  test('the grid is one column and nothing overflows', async ({ page }) => {
    await open(page, '/catalog?tab=1', { theme: 'dark' });
    await settled(page);
    const boxes = await page
      .getByTestId('video-grid')
      .locator('article')
      .evaluateAll((cards) => cards.slice(0, 2).map((card) => card.getBoundingClientRect().left));
    expect(boxes[0]).toBe(boxes[1]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page);
  });
});
