// pa11y-ci as the browser tests run it: both of its runners (HTML CodeSniffer and axe) at WCAG 2 AA
// in Debian's Chromium, the system's theme light or dark, less motion so that nothing is read
// mid-slide. What axe cannot decide ("needs review") counts as an error, as pa11y reports it by
// default, so text over a picture must sit on a background a checker can measure.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { chromiumPath } from './browser.ts';

const require = createRequire(import.meta.url);
const pa11yCi = join(dirname(require.resolve('pa11y-ci/package.json')), 'bin/pa11y-ci.js');

/** One page to check: its address, and pa11y's actions to run on it first (sign in, wait for what
 * it loads). */
export interface Pa11yPage {
  url: string;
  actions: string[];
}

export interface Pa11yRun {
  theme: 'light' | 'dark';
  viewport: { width: number; height: number };
  pages: Pa11yPage[];
  /** The pages in one browser context (a sign-in on the first holds for the rest); else each in a
   * context of its own. Either way one page at a time: two live pages decoding at once on two
   * cores took longer together than one after the other. */
  oneSession?: boolean;
}

interface Report {
  total: number;
  results: Record<string, { code?: string; message: string; selector?: string; runner?: string }[]>;
}

/** Runs pa11y-ci; answers how many pages it checked and every error it found, one line each. */
export async function pa11yErrors(run: Pa11yRun): Promise<{ checked: number; errors: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'efir-pa11y-'));
  try {
    const config = join(dir, 'pa11y-ci.json');
    const oneSession = run.oneSession === true;
    writeFileSync(
      config,
      JSON.stringify({
        defaults: {
          runners: ['axe', 'htmlcs'],
          standard: 'WCAG2AA',
          timeout: 60_000,
          viewport: run.viewport,
          // axe's video-caption asks for a `kind="captions"` track on every video and can never
          // decide alone whether a picture has speech; the players' subtitles have their own tests.
          ignore: ['video-caption'],
          concurrency: 1,
          useIncognitoBrowserContext: !oneSession,
          chromeLaunchConfig: {
            executablePath: chromiumPath(),
            args: [
              '--no-sandbox',
              '--force-prefers-reduced-motion',
              ...(run.theme === 'dark' ? ['--force-dark-mode'] : []),
            ],
          },
        },
        urls: run.pages,
      }),
    );
    // pa11y-ci exits 2 when it found an error; its report is on the standard output either way.
    const { stdout } = await promisify(execFile)(process.execPath, [pa11yCi, '--config', config, '--json'], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: unknown) => {
      if (error instanceof Error && 'stdout' in error && typeof error.stdout === 'string')
        return { stdout: error.stdout };
      throw error;
    });
    const report = JSON.parse(stdout) as Report;
    const origin = new URL(run.pages[0]?.url ?? 'http://localhost').origin;
    const errors = Object.entries(report.results).flatMap(([url, issues]) =>
      issues.map(
        (issue) =>
          `${url.replace(origin, '')}: ${issue.runner ?? ''} ${issue.code ?? ''} ${issue.selector ?? ''} ${issue.message}`,
      ),
    );
    return { checked: report.total, errors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
