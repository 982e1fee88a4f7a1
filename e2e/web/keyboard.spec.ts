// A keyboard-only walk of the public screens: Tab from the top of each page reaches every control
// a visitor uses there (players, the day slider, carousels, chat, poll), each in view and with a
// visible focus mark, and goes on to the end of the page without being held anywhere.
import { expect, type Page, test } from '@playwright/test';
import { useSite } from '../support/site.ts';
import { open, settled } from './helpers.ts';

useSite();

/** One Tab stop: what it is called, and whether the page shows where the focus is. */
interface Stop {
  name: string;
  marked: boolean;
  inView: boolean;
}

/** The focused element's name and marks; null when the focus left the page's elements. */
function focusedStop(page: Page): Promise<Stop | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (element === null || element === document.body || !(element instanceof HTMLElement)) return null;
    const drawn = (style: CSSStyleDeclaration): boolean =>
      (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== 'none';
    // A field may mark the box it sits in instead (:focus-within), as the header's search does.
    const holders = [element.parentElement, element.parentElement?.parentElement].filter((holder) => holder != null);
    const labels = 'labels' in element ? Array.from((element as HTMLInputElement).labels ?? []) : [];
    const label =
      element.getAttribute('aria-label') ??
      labels[0]?.innerText ??
      element.getAttribute('placeholder') ??
      element.innerText;
    const box = element.getBoundingClientRect();
    return {
      name: `${element.tagName.toLowerCase()} «${label.trim().replace(/\s+/gu, ' ').slice(0, 60)}»`,
      // A player's own controls (a <video controls>) take the focus in the browser's shadow tree
      // and draw its mark there themselves.
      marked:
        (element instanceof HTMLMediaElement && element.controls) ||
        drawn(getComputedStyle(element)) ||
        drawn(getComputedStyle(element, '::after')) ||
        holders.some((holder) => holder.matches(':focus-within') && drawn(getComputedStyle(holder))),
      inView: box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight,
    };
  });
}

/** Tabs from the top of the page until the focus leaves it (or `limit` stops): the stops made. */
async function walk(page: Page, limit: number): Promise<Stop[]> {
  const stops: Stop[] = [];
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const stop = await focusedStop(page);
    if (stop === null) break;
    stops.push(stop);
  }
  return stops;
}

/** The controls each walk must reach, by their Tab stops' names: a player's controls that wait for
 * its stream or its item are reached while they wait too (unavailable, not taken out of the order). */
const controls: [string, RegExp[]][] = [
  [
    '/',
    [
      /^button «Включить звук»$/u,
      /^button «С начала»$/u,
      /^input «Перемотка эфира»$/u,
      /^button «Субтитры»$/u,
      /^ol «Программа передач на сегодня»$/u,
      /^button «Войти в чат»$/u,
      /^button «Вперёд»$/u,
      /^button «Голосовать»$/u,
    ],
  ],
  ['/tv', [/^button «Сегодня \d+ [а-я]+»$/u, /^button «Вторник \d+ [а-я]+»$/u]],
  ['/radio', [/^button «Войти в чат»$/u, /^input «Перемотка эфира»$/u, /^button «Слушать»$/u, /^button «Стоп»$/u]],
  ['/catalog', [/^a «Радио»$/u, /^select «/u, /^a «Все»$/u, /^button «Вперёд»$/u, /^a «Страница 2»$/u]],
];

for (const [path, reached] of controls) {
  test(`a keyboard walk of ${path} reaches its controls, each marked and in view, and leaves the page`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await open(page, path);
    await settled(page);
    const stops = await walk(page, 250);
    expect(stops.length, 'the focus leaves the page').toBeLessThan(250);
    expect(stops.filter((stop) => !stop.marked || !stop.inView)).toEqual([]);
    const names = stops.map((stop) => stop.name);
    expect(reached.filter((control) => !names.some((name) => control.test(name)))).toEqual([]);
  });
}
