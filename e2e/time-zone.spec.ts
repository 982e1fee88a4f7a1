// A site whose schedules run on Vladivostok time (TZ=Asia/Vladivostok, UTC+10): the pages show
// every date in the server's zone, not Moscow's, as the server announces it in the page.
import { calendarDate, formatDayMonth, formatLongDate } from '../apps/web/src/lib/dates.ts';
import { dateIn } from '@efir/contract';
import { expect, test } from '@playwright/test';
import { type Site, startSite } from './support/site.ts';

const zone = 'Asia/Vladivostok';
let site: Site;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startSite(18_560, { TZ: zone });
});

test.afterAll(async () => {
  await site.stop();
});

test('the pages name the server zone, and "today" and the catalogue dates are its calendar', async ({ page }) => {
  await page.goto(`${site.url}/tv`);
  await expect(page.locator('meta[name="efir-time-zone"]')).toHaveAttribute('content', zone);
  const today = page.getByRole('region', { name: 'Дни программы' }).locator('button.day', { hasText: 'Сегодня' });
  await expect(today).toHaveAttribute('aria-pressed', 'true');
  // The server's calendar date now; read again after the page, should midnight in Vladivostok fall between.
  const expected = [dateIn(zone, new Date())];
  const text = await today.innerText();
  expected.push(dateIn(zone, new Date()));
  expect(expected.map((date) => formatDayMonth(date, 'ru-cyrl'))).toContain(text.split('\n').at(-1)?.trim());

  await page.goto(`${site.url}/catalog`);
  const dates = page.locator('.card time');
  await expect(dates.first()).toBeVisible();
  for (const time of (await dates.all()).slice(0, 8)) {
    const instant = (await time.getAttribute('datetime')) ?? '';
    const day = calendarDate(instant, zone);
    expect(day, instant).toBeDefined();
    const shown = `${String(day?.year)}-${String(day?.month).padStart(2, '0')}-${String(day?.day).padStart(2, '0')}`;
    await expect(time).toHaveText(formatLongDate(shown, 'ru-cyrl'));
  }
});
