// pa11y-ci over every page of the site, in both scripts and both themes, with both of its runners
// (HTML CodeSniffer and axe) at WCAG 2 AA: no error. What axe cannot decide by itself ("needs
// review") counts as an error too (pa11y's default), so text over a picture must sit on a
// background a checker can measure.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { locales, pagePaths } from '@efir/contract';
import { expect, test } from '@playwright/test';
import { chromiumPath } from '../support/browser.ts';
import { useSite } from '../support/site.ts';
import { site, videoId } from './helpers.ts';

useSite();

const require = createRequire(import.meta.url);
const pa11yCi = join(dirname(require.resolve('pa11y-ci/package.json')), 'bin/pa11y-ci.js');

/** A search that finds both videos and radios in the demo. */
const searched = `/search?q=${encodeURIComponent('новости')}`;

/** Every page (the spec's pages, a video's page, a search with results and the 404 page), with
 * what it loads after its first drawing, to be there before the check. */
function pages(): [string, string[]][] {
  const shown = (selector: string): string[] => [`wait for element ${selector} to be visible`];
  const later: Record<string, string[]> = {
    '/tv': shown('[data-testid="teleprogram"] .programme__block'),
    '/radio/program': shown('[data-testid="radioprogram"] .programme__block'),
  };
  return [
    ...pagePaths.filter((path) => path !== '/search').map((path): [string, string[]] => [path, later[path] ?? []]),
    [`/video/item/${videoId()}`, shown('[data-testid="related-videos"] .carousel__slide')],
    [searched, shown('#search-videos article')],
    ['/nowhere', []],
  ];
}

/** The page is drawn (a page that failed to load would pass every rule) and has settled. */
const drawn = ['wait for element header.header to be visible', 'wait for element .skeleton to be removed'];

/** pa11y-ci's configuration: each page in both scripts as a returning visitor sees it (the cookie
 * notice answered: open, it covers what is under it, which axe then cannot measure), and the home
 * page of each script with the notice open. */
function configuration(theme: 'light' | 'dark'): object {
  const answered = [
    'wait for element .cookie-notice button to be visible',
    'click element .cookie-notice button',
    'wait for element .cookie-notice to be removed',
  ];
  const urls = locales.flatMap((locale) => {
    const prefix = locale === 'ru-cyrl' ? '' : `/${locale}`;
    return [
      ...pages().map(([path, loaded]) => ({
        url: `${site()}${prefix}${path === '/' && prefix !== '' ? '' : path}`,
        actions: [...answered, ...drawn, ...loaded],
      })),
      // The fragment only tells this check from the one above in pa11y-ci's report.
      { url: `${site()}${prefix}/#cookie-notice`, actions: drawn },
    ];
  });
  return {
    defaults: {
      runners: ['axe', 'htmlcs'],
      standard: 'WCAG2AA',
      timeout: 60_000,
      // axe's video-caption asks for a `kind="captions"` track on every video and can never decide
      // alone whether a picture has speech; a video's own subtitles are checked by the players'
      // tests (live-screens, video).
      ignore: ['video-caption'],
      concurrency: 2,
      chromeLaunchConfig: {
        executablePath: chromiumPath(),
        // The system's theme decides a new visitor's; less motion so nothing is read mid-slide.
        args: ['--no-sandbox', '--force-prefers-reduced-motion', ...(theme === 'dark' ? ['--force-dark-mode'] : [])],
      },
    },
    urls,
  };
}

interface Report {
  total: number;
  errors: number;
  results: Record<string, { code?: string; message: string; selector?: string; runner?: string }[]>;
}

for (const theme of ['light', 'dark'] as const) {
  test(`pa11y-ci finds no error on any page, in both scripts, in the ${theme} theme`, async () => {
    test.setTimeout(240_000);
    const dir = mkdtempSync(join(tmpdir(), 'efir-pa11y-'));
    try {
      const config = join(dir, 'pa11y-ci.json');
      writeFileSync(config, JSON.stringify(configuration(theme)));
      // pa11y-ci exits 2 when it found an error; its report is on the standard output either way.
      const run = await promisify(execFile)(process.execPath, [pa11yCi, '--config', config, '--json'], {
        maxBuffer: 64 * 1024 * 1024,
      }).catch((error: unknown) => {
        if (error instanceof Error && 'stdout' in error && typeof error.stdout === 'string')
          return { stdout: error.stdout };
        throw error;
      });
      const report = JSON.parse(run.stdout) as Report;
      const found = Object.entries(report.results).flatMap(([url, issues]) =>
        issues.map(
          (issue) =>
            `${url.replace(site(), '')}: ${issue.runner ?? ''} ${issue.code ?? ''} ${issue.selector ?? ''} ${issue.message}`,
        ),
      );
      expect(report.total, 'every page was checked').toBe(locales.length * (pages().length + 1));
      expect(found).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
