// Shared steps of the web screens' browser tests: opening a page as a visitor with a theme and
// the cookie notice already answered, and the accessibility check.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const site = (): string => process.env.E2E_SITE_URL ?? '';
export const videoId = (): string => process.env.E2E_VIDEO_ID ?? '';
export const radioId = (): string => process.env.E2E_RADIO_ID ?? '';

export const viewports = {
  mobile: { width: 375, height: 780 },
  desktop: { width: 1280, height: 900 },
} as const;

export type Theme = 'light' | 'dark';

interface OpenOptions {
  theme?: Theme;
  /** Leave the cookie notice unanswered. */
  cookieNotice?: boolean;
  locale?: 'ru-cyrl' | 'ru-latn';
  /** Another site than the browser tests' shared one. */
  base?: string;
}

/** Presets the visitor's stored choices (only where they made none yet) and opens the page. */
export async function open(page: Page, path: string, options: OpenOptions = {}): Promise<void> {
  await page.addInitScript(
    ({ theme, cookieNotice, locale }) => {
      const preset = (key: string, value: string): void => {
        if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
      };
      preset('theme', theme);
      if (!cookieNotice) preset('cookiesAccepted', 'true');
      if (locale !== undefined) preset('locale', locale);
    },
    { theme: options.theme ?? 'light', cookieNotice: options.cookieNotice ?? false, locale: options.locale },
  );
  await page.goto(`${options.base ?? site()}${path}`);
  await expect(page.locator('header.header')).toBeVisible();
}

/** Waits until no skeleton shows. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('.skeleton')).toHaveCount(0, { timeout: 15_000 });
}

/** axe-core finds no serious or critical violation on the page as it is. */
export async function expectAccessible(page: Page): Promise<void> {
  await settled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** The page's visible text has no Cyrillic letter (the ru-latn promise). */
export async function expectNoCyrillic(page: Page): Promise<void> {
  await settled(page);
  const text = await page.locator('body').innerText();
  expect(text.match(/[\u0400-\u04ff]+/gu) ?? []).toEqual([]);
}

export async function storage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}
