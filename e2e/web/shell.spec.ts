// The frame around every screen: header, footer, cookie notice, progress bar, title, 404, the
// locale in the URL, the script switch and the theme.
import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoCyrillic, open, settled, site, storage, viewports } from './helpers.ts';
import { useSite } from '../support/site.ts';

useSite();

const sections = [
  { name: 'Прямой эфир', path: '/', title: 'Эфир — телевидение и радио онлайн' },
  { name: 'Радио онлайн', path: '/radio', title: 'Радио онлайн — Эфир' },
  { name: 'Телепрограмма', path: '/tv', title: 'Телепрограмма — Эфир' },
  { name: 'Радиопрограмма', path: '/radio/program', title: 'Радиопрограмма — Эфир' },
  { name: 'Каталог', path: '/catalog', title: 'Каталог — Эфир' },
  { name: 'О нас', path: '/about', title: 'О нас — Эфир' },
];

test.describe('desktop, 1280 px', () => {
  test.use({ viewport: viewports.desktop });

  test('the header links go to every section, the title follows, the progress bar runs', async ({ page }) => {
    await open(page, '/about');
    await expect(page).toHaveTitle('О нас — Эфир');
    const nav = page.getByRole('navigation', { name: 'Меню' });
    for (const section of sections) {
      await nav.getByRole('link', { name: section.name, exact: true }).click();
      await expect(page).toHaveURL(`${site()}${section.path}`);
      await expect(page.getByTestId('progress-done')).toBeAttached();
      await expect(page).toHaveTitle(section.title);
    }
    await page.getByRole('banner').getByRole('link', { name: 'Эфир', exact: true }).click();
    await expect(page).toHaveURL(`${site()}/`);
  });

  test('a first visit downloads each of the page’s build files once', async ({ page }) => {
    const asked = new Map<string, number>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/')) asked.set(pathname, (asked.get(pathname) ?? 0) + 1);
    });
    await open(page, '/');
    await settled(page);
    await expect(page.getByRole('region', { name: 'Прямой эфир' }).locator('video')).toBeAttached();
    expect([...asked.keys()].filter((path) => path.endsWith('.css')).length).toBeGreaterThan(1);
    expect([...asked].filter(([, times]) => times > 1)).toEqual([]);
  });

  test('a navigation scrolls back to the top', async ({ page }) => {
    await open(page, '/catalog');
    await settled(page);
    await page.evaluate(() => {
      window.scrollTo(0, document.body.scrollHeight);
    });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'О нас' }).click();
    await expect(page).toHaveURL(`${site()}/about`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the search submits only a non-empty query, then clears', async ({ page }) => {
    await open(page, '/about');
    const box = page.getByRole('searchbox', { name: 'Поиск видео и радио' });
    await box.fill('   ');
    await box.press('Enter');
    await expect(page).toHaveURL(`${site()}/about`);
    await box.fill('Байкал');
    await box.press('Enter');
    await expect(page).toHaveURL(`${site()}/search?q=${encodeURIComponent('Байкал')}`);
    await expect(box).toHaveValue('');
  });

  test('the footer has the sections, contacts, apps, legal links and the copyright line', async ({ page }) => {
    await open(page, '/about');
    const footer = page.getByRole('contentinfo');
    const nav = footer.getByRole('navigation', { name: 'Разделы сайта' });
    for (const section of sections) {
      await expect(nav.getByRole('link', { name: section.name, exact: true })).toHaveAttribute('href', section.path);
    }
    await expect(footer.getByRole('link', { name: 'Эфир', exact: true })).toHaveAttribute('href', '/');
    await expect(footer.getByRole('link', { name: /@/u })).toHaveAttribute('href', /^mailto:/u);
    await expect(footer).toContainText('115054, г. Москва');
    await expect(footer.getByRole('link', { name: 'Загрузить в App Store' })).toHaveAttribute(
      'href',
      /apps\.apple\.com/u,
    );
    await expect(footer.getByRole('link', { name: 'Доступно в Google Play' })).toHaveAttribute(
      'href',
      /play\.google\.com/u,
    );
    await expect(footer.getByRole('link', { name: 'Мы в соцсетях' })).toHaveAttribute('href', /^https:/u);
    await expect(footer.getByRole('link', { name: 'Политика конфиденциальности' })).toHaveAttribute('href', '#');
    await expect(footer.getByRole('link', { name: 'Пользовательское соглашение' })).toHaveAttribute('href', '#');
    await expect(footer).toContainText(`© 2003–${new Date().getFullYear()} Эфир`);
  });

  test('the cookie notice shows until «Хорошо», which stores the flag', async ({ page }) => {
    await open(page, '/about', { cookieNotice: true });
    const notice = page.getByRole('region', { name: 'Файлы cookie' });
    await expect(notice).toContainText('Сайт обрабатывает файлы cookie');
    await notice.getByRole('button', { name: 'Хорошо' }).click();
    await expect(notice).toBeHidden();
    expect(await storage(page, 'cookiesAccepted')).toBe('true');
    await page.reload();
    await expect(page.locator('header.header')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Файлы cookie' })).toBeHidden();
  });

  test('an unknown address shows the 404 page with a way home, and its HTML comes with status 404', async ({
    page,
  }) => {
    const served = page.waitForResponse((response) => response.url() === `${site()}/no/such/page`);
    await open(page, '/no/such/page');
    expect((await served).status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await expect(page).toHaveTitle('Страница не найдена — Эфир');
    await page.getByRole('main').getByRole('link', { name: 'На главную' }).click();
    await expect(page).toHaveURL(`${site()}/`);
  });

  test('the theme switch is stored and applied before the first paint', async ({ page }) => {
    await open(page, '/about');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: 'Тёмная тема' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await storage(page, 'theme')).toBe('dark');
    // Without the app's scripts at all, the stored theme is already on the page: no light flash.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 23, 34)');
  });

  test('the script switch moves to ru-latn, stores it and reloads in the Latin script', async ({ page }) => {
    await open(page, '/catalog');
    await page.getByRole('button', { name: 'Латиница' }).click();
    await expect(page.getByRole('button', { name: 'Kirillitsa' })).toBeVisible();
    expect(await storage(page, 'locale')).toBe('ru-latn');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru-Latn');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Katalog');
    await expect(page.locator('.card time').first()).toHaveText(/^\d{2} [a-z]+ \d{4}$/u);
    await expectNoCyrillic(page);
    await page.getByRole('button', { name: 'Kirillitsa' }).click();
    await expect(page.getByRole('button', { name: 'Латиница' })).toBeVisible();
    expect(await storage(page, 'locale')).toBe('ru-cyrl');
  });

  test('a locale in the URL holds for the page and its links', async ({ page }) => {
    await open(page, '/ru-latn/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('O nas');
    await expectNoCyrillic(page);
    await page.getByRole('navigation', { name: 'Meniu' }).getByRole('link', { name: 'Katalog' }).click();
    await expect(page).toHaveURL(`${site()}/ru-latn/catalog`);
    await page.getByRole('button', { name: 'Kirillitsa' }).click();
    await expect(page).toHaveURL(`${site()}/ru-cyrl/catalog`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Каталог');
  });

  test('any other locale redirects to the stored one', async ({ page }) => {
    await open(page, '/en-us/about');
    await expect(page).toHaveURL(`${site()}/about`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('О нас');
    await page.evaluate(() => {
      localStorage.setItem('locale', 'ru-latn');
    });
    await page.goto(`${site()}/de-latn/catalog?sort=1`);
    await expect(page).toHaveURL(`${site()}/ru-latn/catalog?sort=1`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Katalog');
    // Any value, not only a tag-shaped one, before a page.
    await page.goto(`${site()}/xx/catalog`);
    await expect(page).toHaveURL(`${site()}/ru-latn/catalog`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Katalog');
  });

  for (const theme of ['light', 'dark'] as const) {
    // The home page and /radio are checked with their live screens on air (live-screens.spec).
    test(`the 404 page with the cookie notice open is accessible in the ${theme} theme`, async ({ page }) => {
      await open(page, '/nothing-here', { theme, cookieNotice: true });
      await expect(page.getByRole('button', { name: 'Хорошо' })).toBeVisible();
      await expectAccessible(page);
    });
  }
});

test.describe('mobile, 375 px', () => {
  test.use({ viewport: viewports.mobile });

  test('the search box opens from its button, and a search closes it and the menu', async ({ page }) => {
    await open(page, '/about');
    const box = page.getByRole('searchbox', { name: 'Поиск видео и радио' });
    await expect(box).toBeHidden();
    await page.getByRole('button', { name: 'Меню' }).click();
    await expect(page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Каталог' })).toBeVisible();
    await page.getByRole('button', { name: 'Открыть поиск' }).click();
    await expect(box).toBeVisible();
    await box.fill('космос');
    await box.press('Enter');
    await expect(page).toHaveURL(`${site()}/search?q=${encodeURIComponent('космос')}`);
    await expect(box).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Каталог' })).toBeHidden();
  });

  test('the menu lists the sections and closes on a choice', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('button', { name: 'Меню' }).click();
    await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Телепрограмма' }).click();
    await expect(page).toHaveURL(`${site()}/tv`);
    await expect(
      page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Телепрограмма' }),
    ).toBeHidden();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the header and footer fit 375 px and are accessible (${theme})`, async ({ page }) => {
      await open(page, '/about', { theme });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await expectAccessible(page);
    });
  }
});
