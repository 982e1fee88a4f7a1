// /radio/catalog: the switch, category tabs, popular list and listing on 'all', the grid, the
// page list, and a click that plays.
import { expect, test } from '@playwright/test';
import { open, radioId, settled, site, viewports } from './helpers.ts';
import { useSite } from '../support/site.ts';

useSite();

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: viewports.desktop });

  test("'all' shows the popular list, the listing and the grid; a category shows the grid alone", async ({ page }) => {
    await open(page, '/radio/catalog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Каталог радио');
    const tabs = page.getByRole('navigation', { name: 'Рубрики' }).getByRole('link');
    await expect(tabs).toHaveCount(6);
    await expect(tabs.first()).toHaveText('Все');
    await expect(page.getByTestId('popular-programmes')).toBeVisible();
    await expect(page.getByTestId('radio-listing').locator('section').first()).toBeVisible();
    const grid = page.getByTestId('radio-grid');
    await expect(grid.locator('article')).toHaveCount(30);
    // 82 published radios: round(82 / 30) = 3 pages.
    await expect(page.getByRole('navigation', { name: 'Страница' }).locator('li')).toHaveText(['1', '2', '3']);

    await page.getByRole('link', { name: 'Страница 3' }).click();
    await expect(page).toHaveURL(`${site()}/radio/catalog?page=3`);
    await tabs.nth(2).click();
    await expect(page).toHaveURL(/\/radio\/catalog\?tab=\d+$/u);
    await expect(page.getByTestId('popular-programmes')).toBeHidden();
    await expect(page.getByTestId('radio-listing')).toBeHidden();
    await expect(grid.locator('article').first()).toBeVisible();
  });

  test('a radio card has its cover, plays, date, name and author, and a click plays it; one being made says so and plays nothing', async ({
    page,
  }) => {
    await open(page, '/radio/catalog?sort=2');
    await settled(page);
    const cards = page.getByTestId('radio-grid').locator('article');
    // The browser tests' site makes no demo media: only the radio ingested for the tests plays.
    const preparing = cards.and(page.locator('[data-ready="false"]')).first();
    await expect(preparing.getByTestId('preparing')).toHaveText('Готовится');
    await expect(preparing.getByRole('button')).toHaveCount(0);
    await preparing.click();
    await expect(page.getByRole('region', { name: 'Плеер' })).toHaveCount(0);

    const card = page.getByTestId('radio-grid').locator(`article[data-radio-id="${radioId()}"]`);
    await expect(card.locator('img')).toHaveAttribute('data-default-preview');
    await expect(card.locator('.card__views')).toHaveText(/Прослушивания: \d/u);
    await expect(card.locator('time')).toHaveText(/^\d{2} [а-я]+ \d{4}$/u);
    await expect(card.locator('.card__author')).not.toBeEmpty();
    const name = (await card.getByRole('heading').innerText()).replace(/^Слушать:\s*/u, '');
    const played = page.waitForRequest((request) => /\/add\/radio\/history\/\d+\/$/u.test(request.url()));
    await card.getByRole('button').click();
    await played;
    await expect(page.getByRole('region', { name: 'Плеер' })).toContainText(name);
  });

  test('the sort select orders by plays and the switch goes back to TV', async ({ page }) => {
    await open(page, '/radio/catalog?tab=1');
    await page.getByRole('combobox', { name: 'Сортировка' }).selectOption('1');
    await expect(page).toHaveURL(`${site()}/radio/catalog?tab=1&sort=1`);
    await settled(page);
    // The list of the previous sort stays on screen until the sorted one answers.
    const plays = async () =>
      (await page.getByTestId('radio-grid').locator('.card__views').allInnerTexts()).map((text) =>
        Number(text.replace(/\D/gu, '')),
      );
    await expect
      .poll(async () => {
        const shown = await plays();
        return shown.length > 1 && shown.every((count, index) => index === 0 || (shown[index - 1] ?? 0) >= count);
      })
      .toBe(true);
    await page.getByRole('navigation', { name: 'Каталог', exact: true }).getByRole('link', { name: 'ТВ' }).click();
    await expect(page).toHaveURL(`${site()}/catalog`);
  });
});

test.describe('mobile, 375 px', () => {
  test.use({ viewport: viewports.mobile });

  test('fits 375 px in the Latin script', async ({ page }) => {
    await open(page, '/ru-latn/radio/catalog?tab=2');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Katalog radio');
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(page.getByTestId('radio-grid').locator('time').first()).toHaveText(/^\d{2} [a-z]+ \d{4}$/u);
  });
});
