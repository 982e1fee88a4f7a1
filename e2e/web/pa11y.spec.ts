// pa11y-ci over every page of the site, in both scripts and both themes: no error
// (support/pa11y.ts says how it runs).
import { locales, pagePaths } from '@efir/contract';
import { expect, test } from '@playwright/test';
import { pa11yErrors } from '../support/pa11y.ts';
import { useSite } from '../support/site.ts';
import { site, videoId } from './helpers.ts';

useSite();

/** A search that finds both videos and radios in the demo. */
const searched = `/search?q=${encodeURIComponent('новости')}`;

/** Every page (the spec's pages, a video's page, a search with results and the 404 page), with
 * what it loads after its first drawing, to be there before the check. */
function pages(): [string, string[]][] {
  const shown = (selector: string): string[] => [`wait for element ${selector} to be visible`];
  // Today's programme scrolls to the item on air, which leaves a row half under the sticky header
  // (text axe cannot measure); once placed, the day's own button takes the page back to its top.
  const programme = (testId: string): string[] => [
    ...shown(`[data-testid="${testId}"] .programme__block`),
    'wait for element [aria-busy="true"] to be removed',
    'click element button.day[aria-pressed="true"]',
  ];
  const later: Record<string, string[]> = {
    '/tv': programme('teleprogram'),
    '/radio/program': programme('radioprogram'),
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

/** The cookie notice answered, as a returning visitor has it: open, it covers what is under it,
 * which axe then cannot measure. */
const answered = [
  'wait for element .cookie-notice button to be visible',
  'click element .cookie-notice button',
  'wait for element .cookie-notice to be removed',
];

// One test a theme and script, so that each is a few minutes at most on a slow machine and the
// runner spreads them over its workers.
for (const theme of ['light', 'dark'] as const) {
  for (const locale of locales) {
    test(`pa11y-ci finds no error on any page in ${locale}, in the ${theme} theme`, async () => {
      test.setTimeout(240_000);
      const prefix = locale === 'ru-cyrl' ? '' : `/${locale}`;
      const checks = [
        ...pages().map(([path, loaded]) => ({
          url: `${site()}${prefix}${path === '/' && prefix !== '' ? '' : path}`,
          actions: [...answered, ...drawn, ...loaded],
        })),
        // The home page with the notice open; the fragment only tells it apart in pa11y-ci's report.
        { url: `${site()}${prefix}/#cookie-notice`, actions: drawn },
      ];
      const { checked, errors } = await pa11yErrors({ theme, viewport: { width: 1280, height: 1024 }, pages: checks });
      expect(checked, 'every page was checked').toBe(checks.length);
      expect(errors).toEqual([]);
    });
  }
}
