// The studio's ordered showcase lists as an editor uses them, in Chromium against a real site: a
// home row, a radio listing and a slide are added, show on the public site where they belong, and
// are removed again.
import { expect, type Page, test } from '@playwright/test';
import { addAccount, useSite } from './support/site.ts';
import { e2eRadioName } from './support/web.ts';
import { open } from './web/helpers.ts';

const site = useSite();
const password = 'лампа-сосна-кедр-2024';

async function editor(page: Page, screen: string): Promise<void> {
  await page.goto(`${site().url}/studio/`);
  await page.getByLabel('Логин', { exact: true }).fill('vera');
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.getByRole('link', { name: screen, exact: true }).click();
}

/** Removes the entry named `name` from the screen's list, through its confirmation. */
async function remove(page: Page, list: string, name: string): Promise<void> {
  await page
    .getByRole('list', { name: list })
    .getByRole('button', { name: new RegExp(`^Удалить.*«${name}»$`, 'u') })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(page.getByRole('list', { name: list })).not.toContainText(name);
}

test.beforeAll(() => {
  addAccount(site(), 'vera', 'editor', password);
});

test('a home row of a category shows on the home page, and is removed', async ({ page, browser }) => {
  await editor(page, 'Ряды главной');
  await page.getByRole('button', { name: 'Добавить ряд' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Название', { exact: true }).fill('Вечерний ряд');
  await dialog.getByLabel('Рубрика', { exact: true }).selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('list', { name: 'Ряды главной' })).toContainText('Вечерний ряд');

  const viewer = await browser.newPage();
  await expect
    .poll(
      async () => {
        await open(viewer, '/', { base: site().url });
        // The rows come with the page's call for them, and are drawn once scrolled near.
        const rows = viewer.getByTestId('home-row');
        await rows.first().waitFor({ state: 'attached' });
        await rows.last().scrollIntoViewIfNeeded();
        return viewer.getByRole('heading', { name: 'Вечерний ряд', level: 2 }).count();
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  await viewer.close();
  await remove(page, 'Ряды главной', 'Вечерний ряд');
});

test('a radio listing takes a radio found by name, and is removed', async ({ page }) => {
  await editor(page, 'Подборки радио');
  await page.getByRole('button', { name: 'Добавить подборку' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Название', { exact: true }).fill('Для проверки');
  await dialog.getByLabel('Добавить радио', { exact: true }).fill(e2eRadioName);
  await dialog.getByRole('list', { name: 'Найдено' }).getByRole('button', { name: 'Добавить' }).first().click();
  await expect(dialog.getByRole('list', { name: 'Радио в подборке' })).toContainText(e2eRadioName);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('list', { name: 'Подборки радио' })).toContainText('Для проверки');
  await remove(page, 'Подборки радио', 'Для проверки');
});

test('a slide is added to the main slideshow and removed', async ({ page }) => {
  await editor(page, 'Слайды');
  await page.getByRole('button', { name: 'Добавить слайд' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Название', { exact: true }).fill('Премьера недели');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Слайд добавлен' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('list', { name: 'Слайды: Главная' })).toContainText('Премьера недели');
  await remove(page, 'Слайды: Главная', 'Премьера недели');
});
