import { existsSync } from 'node:fs';

/** Debian's Chromium (CHROMIUM_PATH overrides); the tests never download a browser. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(`No Chromium at ${path}: install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
  return path;
}
