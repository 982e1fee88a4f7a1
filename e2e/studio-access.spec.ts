// Every studio screen as an admin sees it, through axe: no serious or critical fault, in the light
// theme at 1280 px and the dark one at 375 px. The screens are checked in groups, side by side.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { addAccount, useSite } from './support/site.ts';

test.describe.configure({ mode: 'parallel' });

const site = useSite();
const password = 'аист-зебра-ковш-1987';
/** A login of this worker's own: each worker runs the spec on a site of its own. */
const login = `anna-${String(process.pid)}`;

test.beforeAll(() => {
  addAccount(site(), login, 'admin', password);
});

// Small groups, so that a test's time stays well inside its limit on a slow machine.
const groups: Record<string, readonly string[]> = {
  catalogue: ['videos', `videos/${process.env.E2E_VIDEO_ID ?? ''}`, 'radios'],
  'more catalogue': ['categories', 'jobs', 'home-rows', 'slides'],
  showcase: ['polls', 'radio-listings', 'popular', 'search-picks', 'about'],
  'people and records': ['chat', 'users', 'audit', 'account'],
  // Today's day of the demo: a long list and its timeline, the slowest page to check alone.
  "today's schedule": ['schedule'],
  'the air': ['on-air', 'channels', 'schedule/radio/2031-06-02', 'schedule-week/tv/2031-06-02'],
};

/** Rows past the first twenty of a day's list and timeline: the same two components again, which
 * cost axe 20 s a theme on the demo's 231-item day (8,300 elements) and find nothing the first
 * twenty do not. */
const repeatedRows = ['.sortable > li:nth-child(n+21)', '.timeline__rows > li:nth-child(n+22)'];

/** The serious and critical faults axe finds on the page as it is. */
async function faultsOn(page: Page, where: string): Promise<string[]> {
  let axe = new AxeBuilder({ page });
  for (const rows of repeatedRows) axe = axe.exclude(rows);
  const results = await axe.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${where}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

for (const [theme, width] of [
  ['light', 1280],
  ['dark', 375],
] as const) {
  for (const [group, screens] of Object.entries(groups)) {
    test(`${group} screens have no serious accessibility fault (${theme}, ${String(width)} px)`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: theme });
      const page = await context.newPage();
      await page.goto(`${site().url}/studio/`);
      const faults = group === 'catalogue' ? await faultsOn(page, 'login') : [];
      await page.getByLabel('Логин', { exact: true }).fill(login);
      await page.getByLabel('Пароль', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Войти' }).click();
      await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
      for (const screen of screens) {
        await page.goto(`${site().url}/studio/${screen}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByText('Загрузка…')).toHaveCount(0);
        faults.push(...(await faultsOn(page, `${theme} ${String(width)} /${screen}`)));
      }
      await context.close();
      expect(faults).toEqual([]);
    });
  }
}
