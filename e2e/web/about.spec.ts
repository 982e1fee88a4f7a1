// /about: the side menu and the five sections.
import { expect, test } from '@playwright/test';
import { expectNoCyrillic, open, viewports } from './helpers.ts';
import { useSite } from '../support/site.ts';

useSite();

const sections = ['Идея', 'Миссия', 'Тематика', 'Сотрудничество', 'Контакты'];

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: viewports.desktop });

  test('the side menu leads to each of the five sections', async ({ page }) => {
    await open(page, '/about');
    const menu = page.getByRole('navigation', { name: 'Разделы страницы' }).getByRole('link');
    await expect(menu).toHaveText(sections);
    for (const name of sections) {
      await expect(page.getByRole('region', { name })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Контакты' }).getByRole('link')).toHaveAttribute('href', /^mailto:/u);
    await menu.filter({ hasText: 'Контакты' }).click();
    await expect(page).toHaveURL(/#contact$/u);
    await expect(page.getByRole('heading', { name: 'Контакты' })).toBeInViewport();
    // The menu stays in view beside the text.
    await expect(page.getByRole('navigation', { name: 'Разделы страницы' })).toBeInViewport();
  });
});

test.describe('mobile, 375 px', () => {
  test.use({ viewport: viewports.mobile });

  test('reads in the Latin script and fits', async ({ page }) => {
    await open(page, '/ru-latn/about');
    await expect(page.getByRole('navigation', { name: 'Razdely stranitsy' }).getByRole('link')).toHaveText([
      'Ideia',
      'Missiia',
      'Tematika',
      'Sotrudnichestvo',
      'Kontakty',
    ]);
    await expectNoCyrillic(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
