// Every screen at every common width, in both scripts (Latin words are longer): the page never
// scrolls sideways and no control is cut off, unless it sits in a row meant to scroll or slide.
import { expect, type Page, test } from '@playwright/test';
import { writeToday } from '../support/schedule.ts';
import { open, settled, videoId } from './helpers.ts';
import { useSite } from '../support/site.ts';

useSite();

const widths = [320, 375, 768, 851, 1024, 1280, 1920];
const routes = ['/', '/radio', '/tv', '/radio/program', '/catalog', '/radio/catalog', '/about', '/search?q=Москва'];

/** Visible controls that stick out of the viewport while no ancestor clips or scrolls them. */
async function cutControls(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const inScroller = (node) => {
      for (let parent = node.parentElement; parent !== null; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX;
        if (overflow === 'auto' || overflow === 'scroll' || overflow === 'hidden' || overflow === 'clip') return true;
      }
      return false;
    };
    return [...document.querySelectorAll('a, button, input, select, [role="button"]')]
      .filter((node) => {
        const box = node.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(node).visibility === 'hidden') return false;
        return (box.left < -1 || box.right > width + 1) && !inScroller(node);
      })
      .map((node) => (node.getAttribute('aria-label') ?? node.textContent ?? node.tagName).trim().slice(0, 40));
  })()`);
}

test.beforeAll(async () => {
  // Today's TV day names the ingested video, whose name has a 15-letter word.
  await writeToday('tv', { startsIn: -60, items: [{ id: Number(videoId()) }, { id: 1 }, { id: 2 }] });
});

for (const script of ['', '/ru-latn'] as const) {
  for (const route of [...routes, '/video/item']) {
    const name = route === '/video/item' ? 'the video page' : route;
    test(`${name} fits every width${script === '' ? '' : ' in the Latin script'}`, async ({ page }) => {
      const problems: string[] = [];
      // Loaded once and narrowed step by step, as a window is: each width is laid out anew.
      await page.setViewportSize({ width: widths.at(-1) ?? 1920, height: 800 });
      await open(page, `${script}${route === '/video/item' ? `${route}/${videoId()}` : route}`);
      await settled(page);
      for (const width of [...widths].reverse()) {
        await page.setViewportSize({ width, height: 800 });
        await settled(page);
        const scrollWidth = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              requestAnimationFrame(() => {
                requestAnimationFrame(() => {
                  resolve(document.documentElement.scrollWidth);
                });
              });
            }),
        );
        if (scrollWidth > width)
          problems.push(`${route} at ${String(width)} px scrolls sideways to ${String(scrollWidth)} px`);
        for (const control of await cutControls(page))
          problems.push(`${route} at ${String(width)} px cuts «${control}»`);
      }
      expect(problems).toEqual([]);
    });
  }
}

test('Escape closes the menu and the search; an opened search takes the focus', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 780 });
  await open(page, '/catalog');
  const menuToggle = page.getByRole('button', { name: 'Меню' });
  await menuToggle.click();
  const menu = page.getByRole('navigation', { name: 'Меню' });
  await expect(menu.getByRole('link', { name: 'Каталог' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu.getByRole('link', { name: 'Каталог' })).toBeHidden();
  await expect(menuToggle).toBeFocused();

  await page.getByRole('button', { name: 'Открыть поиск' }).click();
  const field = page.getByRole('searchbox');
  await expect(field).toBeFocused();
  await page.keyboard.type('Москва');
  await page.keyboard.press('Escape');
  await expect(field).toBeHidden();
  await expect(page.getByRole('button', { name: 'Открыть поиск' })).toBeFocused();
});
