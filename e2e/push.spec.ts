// The page's event stream in Chromium, on a site of its own with its radio on air and a chat
// beside it: the live state and the chat come by push (the radio's run and the chat are asked
// once, not every few seconds) and a post reaches another visitor within a second; with the
// stream held back on its way (a proxy that buffers it) the page polls as the spec says and the
// post still arrives.
import { apiPrefix, apiUrl, eventStreamPath } from '@efir/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { contextsClosedAfterEach } from './support/browser.ts';
import { timeDelivery } from './support/chat-delivery.ts';
import { type Site, startSite } from './support/site.ts';
import { radioOnAirAllRun } from './support/web.ts';
import { open } from './web/helpers.ts';

let site: Site;
const newContext = contextsClosedAfterEach();

test.beforeAll(async () => {
  test.setTimeout(90_000);
  site = await startSite({ CHAT_NEWCOMERS_PER_MINUTE: '50' });
  await radioOnAirAllRun(site);
});

test.afterAll(async () => {
  await site.stop();
});

/** What the page asks of the API, by path, with when. */
function watchCalls(page: Page): { path: string; at: number }[] {
  const seen: { path: string; at: number }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(apiPrefix)) seen.push({ path: url.pathname, at: Date.now() });
  });
  return seen;
}

async function visitor(browser: Browser, nickname: string, streamHeldBack = false) {
  const page = await (await newContext(browser)).newPage();
  await page.addInitScript((name) => {
    localStorage.setItem('nickname', name);
  }, nickname);
  if (streamHeldBack) {
    // What a buffering proxy does to it: nothing reaches the page until the answer is whole.
    await page.route(`**${apiPrefix}${eventStreamPath}**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/event-stream', body: '' }),
    );
  }
  const calls = watchCalls(page);
  await open(page, '/radio', { base: site.url });
  await expect(page.locator('.chat__messages')).toBeVisible({ timeout: 15_000 });
  return { page, calls };
}

async function say(page: Page, text: string): Promise<void> {
  await page.getByPlaceholder('Сообщение').fill(text);
  await page.getByRole('button', { name: 'Отправить' }).click();
}

const todayPath = new URL(apiUrl('radioprogramToday'), 'http://x').pathname;
const chatPath = (path: string) => path.startsWith(`${apiPrefix}/chat/radio/`);
const isCall = (what: string, path: string): boolean =>
  what === 'events'
    ? path === `${apiPrefix}${eventStreamPath}`
    : what === 'today'
      ? path === todayPath
      : chatPath(path);

/** The spec's longest polling period: the radio's run, asked every 5 s by a page that polls. */
const runPollMs = 5000;

test('the live state and the chat come by push, and a post reaches another visitor within a second', async ({
  browser,
}) => {
  const reader = await visitor(browser, 'Читатель');
  // Its stream open and its first asks made (the run and the chat, once each, as the page opens).
  await expect
    .poll(() => ['events', 'today', 'chat'].every((what) => reader.calls.some((call) => isCall(what, call.path))))
    .toBe(true);
  const since = Date.now();
  const writer = await visitor(browser, 'Писатель');
  const text = `По потоку ${String(Date.now())}`;
  const delivered = await timeDelivery(writer.page, reader.page, text);
  await say(writer.page, text);
  const ms = await delivered();
  test.info().annotations.push({ type: 'post to another visitor', description: `${String(ms)} ms` });
  expect(ms).toBeLessThanOrEqual(1000);
  // A page that polls would have asked for the run at least once in a run period, and for the chat
  // twice: watched that long (the post took part of it), it asked for neither. Nothing but time
  // can show that something does not happen.
  const watched = Date.now() - since;
  if (watched < runPollMs + 500) await reader.page.waitForTimeout(runPollMs + 500 - watched);
  const later = reader.calls.filter((call) => call.at >= since);
  expect(later.filter((call) => call.path === todayPath)).toEqual([]);
  expect(later.filter((call) => chatPath(call.path))).toEqual([]);
});

test('with the stream held back on its way, the page polls as the spec says and the post still arrives', async ({
  browser,
}) => {
  const reader = await visitor(browser, 'Без потока', true);
  const since = Date.now();
  // It asks for the run every 5 s and the chat every 2 s: twice and four times within 11 s.
  const asked = () => {
    const later = reader.calls.filter((call) => call.at >= since);
    return {
      run: later.filter((call) => call.path === todayPath).length >= 2,
      chat: later.filter((call) => chatPath(call.path)).length >= 4,
    };
  };
  await expect.poll(asked, { timeout: 11_000 }).toEqual({ run: true, chat: true });

  const writer = await visitor(browser, 'Писатель 2');
  const text = `По опросу ${String(Date.now())}`;
  await say(writer.page, text);
  await expect(reader.page.locator('.chat__message', { hasText: text })).toBeVisible({ timeout: 3000 });
});
