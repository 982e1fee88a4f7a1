import { existsSync } from 'node:fs';

/** Debian's Chromium (CHROMIUM_PATH overrides); the tests never download a browser. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`No Chromium at ${path}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
  return path;
}

/** `npm run test:full` (E2E_FULL=1) also runs the slowest variants, which CI's run leaves out to
 * keep the suite within its time: each such test says so where it is skipped. */
export const fullRun = process.env.E2E_FULL === '1';
export const fullRunOnly = 'a slow variant, run by npm run test:full';
