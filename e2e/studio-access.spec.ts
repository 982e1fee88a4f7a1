// Every studio screen as an admin sees it, through pa11y-ci (support/pa11y.ts): no error, in the
// light theme at 1280 px and the dark one at 375 px. The screens are checked in groups, side by side.
import { expect, test } from '@playwright/test';
import { pa11yErrors, type Pa11yPage } from './support/pa11y.ts';
import { addAccount, useSite } from './support/site.ts';

test.describe.configure({ mode: 'parallel' });

const site = useSite();
const password = 'аист-зебра-ковш-1987';
/** A login of this worker's own: each worker runs the spec on a site of its own. */
const login = `anna-${String(process.pid)}`;

test.beforeAll(() => {
  addAccount(site(), login, 'admin', password);
});

// Small groups, so that a test's time stays well inside its limit on a slow machine.
const groups: Record<string, readonly string[]> = {
  catalogue: ['videos', `videos/${process.env.E2E_VIDEO_ID ?? ''}`, 'radios'],
  'more catalogue': ['categories', 'jobs', 'home-rows', 'slides'],
  showcase: ['polls', 'radio-listings', 'popular', 'search-picks', 'about'],
  'people and records': ['chat', 'users', 'audit', 'account'],
  // Today's day of the demo: a long list and its timeline, the slowest page to check alone.
  "today's schedule": ['schedule'],
  'the air': ['on-air', 'channels', 'schedule/radio/2031-06-02', 'schedule-week/tv/2031-06-02'],
};

const signInForm = 'wait for element input[autocomplete="username"] to be visible';

/** A screen has drawn its heading and has nothing loading left. */
const drawn = ['wait for element main h1 to be visible', 'wait for element [aria-busy="true"] to be removed'];

/** The group's screens in one session: the first signs in (the studio shows its form at any
 * address until then); the catalogue group checks the sign-in form itself first. */
function checks(group: string, screens: readonly string[]): Pa11yPage[] {
  const signIn = [
    signInForm,
    `set field input[autocomplete="username"] to ${login}`,
    `set field input[autocomplete="current-password"] to ${password}`,
    'click element form button[type="submit"]',
  ];
  return [
    ...(group === 'catalogue' ? [{ url: `${site().url}/studio/`, actions: [signInForm] }] : []),
    ...screens.map((screen, index) => ({
      url: `${site().url}/studio/${screen}`,
      actions: [...(index === 0 ? signIn : []), ...drawn],
    })),
  ];
}

for (const [theme, width] of [
  ['light', 1280],
  ['dark', 375],
] as const) {
  for (const [group, screens] of Object.entries(groups)) {
    test(`${group} screens: pa11y-ci finds no error (${theme}, ${String(width)} px)`, async () => {
      test.setTimeout(120_000);
      const pages = checks(group, screens);
      const { checked, errors } = await pa11yErrors({
        theme,
        viewport: { width, height: 900 },
        pages,
        oneSession: true,
      });
      expect(checked, 'every screen was checked').toBe(pages.length);
      expect(errors).toEqual([]);
    });
  }
}
