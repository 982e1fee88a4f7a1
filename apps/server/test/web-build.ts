// A build of the web app for the tests that serve one: its files in a folder of their own.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A new folder holding `files` (their paths in it, and their text), as a build leaves them. */
export function webBuild(files: Record<string, string>): string {
  const dist = mkdtempSync(join(tmpdir(), 'efir-web-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), text);
  }
  return dist;
}
