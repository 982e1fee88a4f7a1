// The site's Content-Security-Policy must not break what it serves: a spec that plays media calls
// `failOnPolicyViolations()` and every test in it fails on anything the policy refused, whether
// the page reported it (a `securitypolicyviolation` event) or only the console did (a worker's).
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';

const hlsScript = createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js');

/** Starts collecting the page's policy violations, across its navigations, into `seen`. */
export async function watchPolicy(page: Page, seen: string[]): Promise<void> {
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/iu.test(message.text())) seen.push(message.text());
  });
  await page.exposeBinding('efirPolicyViolation', (_source, report: string) => {
    seen.push(report);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { efirPolicyViolation: (report: string) => void }).efirPolicyViolation;
      report(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/** Every test of the file (or describe block) fails on a policy violation of its page. */
export function failOnPolicyViolations(): void {
  let seen: string[] = [];
  test.beforeEach(async ({ page }) => {
    seen = [];
    await watchPolicy(page, seen);
  });
  test.afterEach(() => {
    expect(seen, 'Content-Security-Policy violations').toEqual([]);
  });
}

/** Puts hls.js on the page as one of the site's own files, which the policy allows (an inline
 * copy, as `addScriptTag({ path })` makes, is refused like any inline script). */
export async function addHlsScript(page: Page): Promise<void> {
  const url = new URL('/e2e/hls.min.js', page.url()).href;
  await page.route(url, (route) => route.fulfill({ path: hlsScript, contentType: 'text/javascript' }));
  await page.addScriptTag({ url });
}
