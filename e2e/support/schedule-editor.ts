// The schedule editor as a browser test drives it: signed in, the day's list and its rows, an
// item's marks, an add from the catalogue, and the timeline's rows that air.
import { type Browser, expect, type Locator, type Page } from '@playwright/test';

/** A new browser context signed in to the studio of the spec's site through its sign-in form. */
export async function signedIn(browser: Browser, login: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${process.env.E2E_SITE_URL ?? ''}/studio/`);
  await page.getByLabel('Логин', { exact: true }).fill(login);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
  return page;
}

const dayList = (page: Page) => page.getByRole('list', { name: 'Передачи дня' });
/** The day's rows the list has drawn: all of a short day, those near the screen of a long one. */
export const dayItems = (page: Page) => dayList(page).getByRole('listitem');

/** How many programmes the day holds, as the editor reads it above the list. */
export async function expectDayLength(page: Page, count: number): Promise<void> {
  await expect(page.getByTestId('day-length')).toHaveText(new RegExp(`^${String(count)} `, 'u'));
}

/** The day's row at `index` (from 0), scrolled to as an editor drags the scroll bar: to where the
 * list's height puts it, again until the list draws it (rows are measured as they are drawn). */
export async function dayItem(page: Page, index: number): Promise<Locator> {
  const row = dayList(page).locator(`li[aria-posinset="${String(index + 1)}"]`);
  await expect(async () => {
    if ((await row.count()) === 0) {
      await dayList(page).evaluate((list, at) => {
        const box = list.getBoundingClientRect();
        const size = Number(list.querySelector('li')?.getAttribute('aria-setsize'));
        window.scrollTo(0, window.scrollY + box.top + (box.height * at) / size - window.innerHeight / 2);
      }, index);
    }
    await expect(row).toBeAttached({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await row.scrollIntoViewIfNeeded();
  return row;
}

/** Opens an item's marks. Right after a drag, dnd-kit swallows clicks for 50 ms of the page's
 * timers, which a loaded machine stretches; a click swallowed so is made again, and one that
 * opened the panel is not (it would close it). */
export async function openMarks(item: Locator): Promise<void> {
  const settings = item.getByRole('button', { name: /^Настроить/u });
  await expect(async () => {
    if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
    await expect(settings).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
  }).toPass();
}

export async function addFromCatalogue(page: Page, name: string): Promise<void> {
  const before = Number((await page.getByTestId('day-length').textContent())?.split(' ')[0]);
  await page.getByLabel('Добавить из каталога').fill(name);
  await page
    .getByRole('list', { name: 'Найдено' })
    .getByRole('listitem')
    .filter({ hasText: name })
    .first()
    .getByRole('button', { name: 'Добавить' })
    .click();
  await expectDayLength(page, before + 1);
}

/** The timeline's rows that air: their start (ms) and the item's name. */
export async function timelineRows(page: Page): Promise<{ start: number; name: string }[]> {
  // In one call: a 233-row day read row by row is some 470 round trips, seconds on a loaded machine.
  return page
    .getByTestId('timeline-row')
    .and(page.locator('[data-airs="true"]'))
    .evaluateAll((rows) =>
      rows.map((row) => ({
        start: Number(row.getAttribute('data-start')),
        name: row.querySelector('.timeline__name')?.textContent ?? '',
      })),
    );
}
