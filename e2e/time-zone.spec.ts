// Sites whose schedules run outside Moscow: on Vladivostok time (UTC+10), and on New York time,
// whose offset changes twice a year. The pages show every date in the server's zone, as the server
// announces it in the page, daylight saving included.
import { openPglite } from '../apps/server/src/db/database.ts';
import { calendarDate, formatDayMonth, formatLongDate } from '../apps/web/src/lib/dates.ts';
import { apiUrl, dateIn } from '@efir/contract';
import { expect, test } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { type Site, startSite } from './support/site.ts';

test.describe('Vladivostok', () => {
  const zone = 'Asia/Vladivostok';
  let site: Site;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    site = await startSite({ TZ: zone }, 'empty');
    // The channels laid out once: a fresh site's first programme list waits for that (seconds on
    // a slate-only demo), which is not what this test is about.
    await fetch(`${site.url}${apiUrl('teleprogramList')}`);
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
});

test.describe('New York, across both changes of its clocks', () => {
  let site: Site;
  // Instants where New York's date differs from the one a fixed offset (its winter's or its
  // summer's) or Moscow's would give: 04:30 UTC on 1 November 2026 is 00:30 EDT, 04:30 UTC the
  // next day is 23:30 EST on 1 November, and 04:30 UTC on 9 March 2026 is 00:30 EDT.
  const added = [
    { id: 1, at: '2026-11-01T04:30:00Z', shown: '01 ноября 2026' },
    { id: 2, at: '2026-11-02T04:30:00Z', shown: '01 ноября 2026' },
    { id: 3, at: '2026-03-09T04:30:00Z', shown: '09 марта 2026' },
  ];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    site = await startSite({ TZ: 'America/New_York' }, 'empty');
    await site.restart(async () => {
      const database = await openPglite(site.dataDir);
      for (const video of added) {
        await database.db.execute(sql`UPDATE video SET added_at = ${video.at} WHERE id = ${video.id}`);
      }
      await database.close();
    });
  });

  test.afterAll(async () => {
    await site.stop();
  });

  test("a video's date is New York's calendar date of when it was added", async ({ page }) => {
    for (const video of added) {
      await page.goto(`${site.url}/video/item/${String(video.id)}`);
      const date = page.locator('.video-page__meta time');
      await expect(date).toHaveAttribute('datetime', new Date(video.at).toISOString());
      await expect(date).toHaveText(video.shown);
    }
  });
});
