// The site's Content-Security-Policy in Chromium: the API's documentation page (Swagger UI) works
// under it, and a script injected into a page does not run and is reported.
import { apiUrl } from '@efir/contract';
import { expect, test } from '@playwright/test';
import { failOnPolicyViolations, watchPolicy } from '../support/policy.ts';
import { open, site } from './helpers.ts';
import { useSite } from '../support/site.ts';

useSite();

test.describe('the API documentation', () => {
  failOnPolicyViolations();

  test('Swagger UI shows and opens the calls', async ({ page }) => {
    await page.goto(`${site()}/api/docs`);
    await expect(page.locator('.swagger-ui .info .title')).toContainText('Efir API');
    // The tags open collapsed; the public calls are the untagged ones.
    await expect(page.locator('h3.opblock-tag')).toHaveText([/^admin/u, /^studio/u, /^default/u]);
    await page.locator('h3.opblock-tag', { hasText: 'default' }).click();
    const call = page
      .locator('.opblock')
      .filter({ hasText: apiUrl('videoCategories') })
      .first();
    await call.locator('.opblock-summary').click();
    await expect(call.locator('.opblock-body')).toBeVisible();
  });
});

test('a script injected into a page, inline or from elsewhere, does not run', async ({ page }) => {
  const seen: string[] = [];
  await watchPolicy(page, seen);
  await open(page, '/about');
  await page.evaluate(() => {
    const inline = document.createElement('script');
    inline.text = 'window.injected = true';
    const foreign = document.createElement('script');
    foreign.src = 'https://evil.example/x.js';
    document.head.append(inline, foreign);
    const inAttribute = document.createElement('img');
    inAttribute.setAttribute('onerror', 'window.injected = true');
    inAttribute.src = 'data:,';
    document.body.append(inAttribute);
  });
  await expect.poll(() => seen.filter((report) => report.startsWith('script-src')).length).toBeGreaterThanOrEqual(3);
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
});

test('the scripts the site and the studio load name no source map, and none is served', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js') && response.ok()) scripts.push(response.url());
  });
  await open(page, '/');
  await page.goto(`${site()}/studio/`);
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  expect(scripts.some((url) => url.includes('/studio/assets/'))).toBe(true);
  expect(scripts.some((url) => !url.includes('/studio/'))).toBe(true);
  for (const url of scripts) {
    const text = await (await fetch(url)).text();
    expect(text, url).not.toContain('sourceMappingURL');
    expect((await fetch(`${url}.map`)).status, `${url}.map`).toBe(404);
  }
});
