import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, type BrowserContextOptions, test } from '@playwright/test';

/** Debian's Chromium (CHROMIUM_PATH overrides); the tests never download a browser. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`No Chromium at ${path}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
  return path;
}

/** Browser contexts that close when their test ends: a page left open (playing, polling) would
 * load the tests after it. Call once at a spec's top level; answers how to open one. */
export function contextsClosedAfterEach(): (
  browser: Browser,
  options?: BrowserContextOptions,
) => Promise<BrowserContext> {
  const open: BrowserContext[] = [];
  test.afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  return async (browser, options) => {
    const context = await browser.newContext(options);
    open.push(context);
    return context;
  };
}
