// The live screens as a visitor sees them, with today's schedule arranged by each test: the home
// player and its strip, the ticker, the off-air text, the chat between two visitors, the poll, the
// live radio and the players' route rules.
import { type Browser, expect, type Page, test } from '@playwright/test';
import { timeDelivery } from './support/chat-delivery.ts';
import { writeToday } from './support/schedule.ts';
import { e2eSubtitleCues } from './support/web.ts';
import { expectAccessible, open, radioId, type Theme, videoId, viewports } from './web/helpers.ts';
import { useSite } from './support/site.ts';

// The chat goes into slow mode with the first post of a minute: a visitor's next post is refused
// for ten seconds, however slowly a loaded machine answers the first (the pace of one post a second
// alone is shorter than such an answer, and the chat test's second post then went through).
useSite({ CHAT_SLOW_MODE_RATE: '1' });

test.describe.configure({ mode: 'serial' });

/** Today's TV: the 20 s test video at fixed times, the second item starting `boundaryIn` s from now. */
async function arrangeTv(boundaryIn: number, tickers: Parameters<typeof writeToday>[1]['tickers'] = []) {
  const id = Number(videoId());
  return writeToday('tv', {
    startsIn: -8,
    finishedText: 'Эфирный день завершён, до завтра!',
    items: [
      { id, startsIn: -8 },
      { id, startsIn: boundaryIn },
      { id, startsIn: boundaryIn + 22 },
    ],
    tickers,
  });
}

const currentTime = (page: Page) =>
  page.evaluate(() => document.querySelector<HTMLVideoElement>('.live-tv video')?.currentTime ?? 0);

/** The picture's instant (the rewind bar's value, as the page set it from the player) and the
 * place of the strip's marked item, read in one moment. */
const pictureAndMark = (page: Page) =>
  page.evaluate(() => ({
    at: Number(document.querySelector('.live-tv .rewind-bar__seek')?.getAttribute('value')),
    marked: Array.from(document.querySelectorAll('.live-strip__item')).findIndex(
      (item) => item.getAttribute('aria-current') === 'true',
    ),
  }));

test('the home player plays, its strip marks the item on air, and the mark moves at the boundary', async ({ page }) => {
  test.setTimeout(120_000);
  // The first item starts about at the save's frontier (a save airs from at most 10 s ahead, and a
  // loaded machine answers the save seconds late), so the picture may join it a few seconds in; the
  // slate airs before it and marks nothing. It runs its whole 20 s, long enough to be seen whatever
  // the frontier's phase, and the second starts at a fixed time where it ends.
  const id = Number(videoId());
  const written = Date.now();
  await writeToday('tv', {
    startsIn: -8,
    items: [
      { id, startsIn: 10 },
      { id, startsIn: 30 },
      { id, startsIn: 52 },
    ],
  });
  // The second item's start, to the second its time was written in.
  const boundary = written + 30_000;
  const started = Date.now();
  await open(page, '/');
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(1);
  const frameMs = Date.now() - started;
  test.info().annotations.push({ type: 'first live frame', description: `${frameMs} ms from navigation` });
  await expect(page.locator('.live-strip__item')).toHaveCount(3);
  // The mark follows the picture, which is seconds behind the clock (and further on a loaded
  // machine: a stalled player is let fall up to four target durations behind before it rejoins),
  // so each step waits for the picture, and then the mark has the picture's second to move.
  // Which item is marked, by its place: two items may start within the same minute.
  await expect.poll(async () => (await pictureAndMark(page)).marked, { timeout: 30_000 }).toBe(0);
  await expect
    .poll(async () => ((await pictureAndMark(page)).at - boundary) / 1000, {
      message: 'seconds the picture is past the second item’s start',
      timeout: 45_000,
    })
    .toBeGreaterThan(2);
  await expect.poll(async () => (await pictureAndMark(page)).marked, { timeout: 3000 }).toBe(1);
  const before = await currentTime(page);
  await expect.poll(() => currentTime(page), { timeout: 5000 }).toBeGreaterThan(before + 1);
});

test('a ticker runs over the stream in its window and is gone after it', async ({ page }) => {
  test.setTimeout(60_000);
  await arrangeTv(40, [{ message: 'Срочно: бегущая строка в эфире', startsIn: 4, duration: 8 }]);
  await open(page, '/');
  const ticker = page.locator('.live-tv__stage .ticker');
  await expect(ticker).toHaveCount(0);
  await expect(ticker).toContainText('Срочно: бегущая строка в эфире', { timeout: 12_000 });
  await expect(ticker).toHaveCount(0, { timeout: 15_000 });
});

test('an ended day shows its finished text and no player', async ({ page }) => {
  const id = Number(videoId());
  await writeToday('tv', { startsIn: -90, finishedText: 'Эфир окончен. До завтра!', items: [{ id }] });
  await open(page, '/');
  await expect(page.locator('.live-off')).toHaveText('Эфир окончен. До завтра!');
  await expect(page.locator('video')).toHaveCount(0);
});

/** The showing subtitle track's language and the text of its cues active at the picture's time. */
const shownSubtitles = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>('.live-tv video');
    const showing = Array.from(video?.textTracks ?? []).filter((track) => track.mode === 'showing');
    const at = video?.currentTime ?? 0;
    const cues = Array.from(showing[0]?.activeCues ?? []).filter(
      (cue) => cue.startTime <= at && at <= cue.endTime,
    ) as VTTCue[];
    return { showing: showing.map((track) => track.language), text: cues.map((cue) => cue.text).join(' | ') };
  });

test('subtitles: the CC control shows the cues of the item on the picture, and the choice is kept', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The test video (its cues cover both halves of its 20 s) back to back from 12 s on: after the
  // channel's frontier (10 s), so it airs from its first second, which the picture (4–8 s behind
  // the clock) shows 16–20 s from now.
  const id = Number(videoId());
  await writeToday('tv', { startsIn: 12, items: [0, 1, 2, 3].map((i) => ({ id, startsIn: 12 + i * 20 })) });
  await open(page, '/');
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(1);
  const button = page.getByRole('button', { name: 'Субтитры' });
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  expect((await shownSubtitles(page)).showing).toEqual([]);
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  const cue = new RegExp(e2eSubtitleCues.map((c) => c.text).join('|'), 'u');
  // Until the item is on the picture, the slate's empty segments show nothing.
  await expect
    .poll(() => shownSubtitles(page), { timeout: 25_000 })
    .toEqual({ showing: ['ru'], text: expect.stringMatching(cue) });
  await page.reload();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(() => shownSubtitles(page), { timeout: 20_000 })
    .toEqual({ showing: ['ru'], text: expect.stringMatching(cue) });
  await button.click();
  await expect.poll(async () => (await shownSubtitles(page)).showing).toEqual([]);
});

async function visitor(browser: Browser, nickname: string | undefined): Promise<Page> {
  const context = await browser.newContext();
  if (nickname !== undefined) {
    await context.addInitScript((name) => {
      localStorage.setItem('nickname', name);
    }, nickname);
  }
  const page = await context.newPage();
  await open(page, '/');
  await expect(page.locator('.chat')).toBeVisible({ timeout: 15_000 });
  return page;
}

test('chat: a nickname first, then a message reaches another visitor within 3 s, as plain text', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  await arrangeTv(60);
  const writer = await visitor(browser, undefined);
  const reader = await visitor(browser, 'Читатель');
  // The nickname form comes first, alone, and refuses an empty name; the messages come after it.
  await expect(writer.getByText('Представьтесь, чтобы читать чат и писать в него.')).toBeVisible();
  await expect(writer.locator('.chat__messages')).toHaveCount(0);
  await expect(reader.locator('.chat__messages')).toBeVisible();
  await writer.getByRole('button', { name: 'Войти в чат' }).click();
  await expect(writer.locator('#chat-nickname-problem')).toHaveText('Введите имя.');
  await writer.getByLabel('Ваше имя в чате').fill('Писатель');
  await writer.getByRole('button', { name: 'Войти в чат' }).click();
  expect(await writer.evaluate(() => localStorage.getItem('nickname'))).toBe('Писатель');
  await expect(writer.locator('.chat__messages')).toBeVisible();

  const text = `Привет из другого окна ${Date.now()}`;
  const delivered = await timeDelivery(writer, reader, text);
  await writer.getByPlaceholder('Сообщение').fill(text);
  await writer.getByRole('button', { name: 'Отправить' }).click();
  // A second post too soon is refused plainly; nothing is lost from the field. It is typed and sent
  // in the page the moment the first is taken.
  await writer.evaluate(async (second) => {
    const input = document.querySelector<HTMLInputElement>('.chat__input');
    const send = document.querySelector<HTMLButtonElement>('.chat__send');
    // React watches the value through the prototype's setter.
    const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
    if (input === null || send === null || value?.set === undefined) throw new Error('no chat form');
    const turn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
    while (input.value !== '' || send.disabled) await turn();
    value.set.call(input, second);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await turn();
    send.click();
  }, 'ещё одно');
  await expect(writer.locator('#chat-message-problem')).toHaveText(
    /^Не так быстро: следующее сообщение можно отправить через \d+ с\.$/u,
  );
  await expect(writer.getByPlaceholder('Сообщение')).toHaveValue('ещё одно');
  expect(await delivered()).toBeLessThan(3000);

  const payload = `<img src=x onerror="document.body.dataset.hacked='1'"> ${Date.now()}`;
  await writer.getByPlaceholder('Сообщение').fill(payload);
  // Sent again until the slow mode's ten seconds have passed: a refused post stays in the field, a
  // taken one leaves it, so it is posted once.
  await expect(async () => {
    await writer.getByRole('button', { name: 'Отправить' }).click();
    await expect(writer.getByPlaceholder('Сообщение')).toHaveValue('', { timeout: 500 });
  }).toPass({ timeout: 15_000 });
  const shown = reader.locator('.chat__message', { hasText: payload });
  await expect(shown).toBeVisible({ timeout: 3000 });
  await expect(shown.locator('img')).toHaveCount(0);
  expect(await reader.evaluate(() => document.body.dataset.hacked)).toBeUndefined();
  await writer.context().close();
  await reader.context().close();
});

test('poll: a vote counts, the boxes reset, and a second vote is refused politely', async ({ page }) => {
  await open(page, '/');
  const poll = page.locator('section.poll');
  await expect(poll).toBeVisible();
  const counts = () => poll.locator('.poll__votes').allInnerTexts();
  const before = await counts();
  const boxes = poll.getByRole('checkbox');
  expect(await boxes.count()).toBeGreaterThanOrEqual(2);
  await boxes.nth(0).check();
  await poll.getByRole('button', { name: 'Голосовать' }).click();
  await expect(poll.getByRole('status')).toHaveText('Спасибо, ваш голос учтён!');
  const after = await counts();
  expect(Number.parseInt(after[0] ?? '', 10)).toBe(Number.parseInt(before[0] ?? '', 10) + 1);
  expect(after.slice(1)).toEqual(before.slice(1));
  await expect(boxes.nth(0)).not.toBeChecked();
  await boxes.nth(1).check();
  await poll.getByRole('button', { name: 'Голосовать' }).click();
  await expect(poll.getByRole('alert')).toHaveText('Вы уже голосовали в этом опросе.');
  expect(await counts()).toEqual(after);
});

test('/radio: the live radio loads, plays, goes back to live and stops', async ({ page }) => {
  test.setTimeout(60_000);
  const id = Number(radioId());
  await writeToday('radio', { startsIn: -5, items: [{ id }, { id }, { id }] });
  await open(page, '/radio');
  const efir = page.locator('section.efir');
  await expect(efir).toBeVisible();
  const play = efir.getByRole('button', { name: 'Слушать' });
  // No autoplay: the stream loads, play waits for it.
  await expect(play).toBeEnabled({ timeout: 20_000 });
  const audioTime = () =>
    page.evaluate(() => document.querySelector<HTMLAudioElement>('section.efir audio')?.currentTime ?? 0);
  const paused = () => page.evaluate(() => document.querySelector<HTMLAudioElement>('section.efir audio')?.paused);
  expect(await paused()).toBe(true);
  await play.click();
  const first = await audioTime();
  await expect.poll(audioTime, { timeout: 10_000 }).toBeGreaterThan(first + 1);
  await efir.getByRole('button', { name: 'Вернуться в прямой эфир' }).click();
  await expect.poll(paused).toBe(false);
  await efir.getByRole('button', { name: 'Стоп' }).click();
  await expect.poll(paused).toBe(true);
  await expect(efir.getByRole('button', { name: 'Слушать' })).toBeVisible();

  // On a phone the bar is one compact line that says it is live once.
  await page.setViewportSize({ width: 375, height: 780 });
  expect((await efir.boundingBox())?.height).toBeLessThanOrEqual(64);
  expect((await efir.innerText()).match(/в эфире|прямой эфир/giu)).toHaveLength(1);
});

test('route rules: /radio starts the live radio, / and /catalog stop any player', async ({ page }) => {
  const id = Number(radioId());
  await writeToday('radio', { startsIn: -5, items: [{ id }, { id }] });
  await open(page, '/radio');
  await expect(page.locator('section.efir')).toBeVisible();
  await page.locator('header.header').getByRole('link', { name: 'Прямой эфир' }).click();
  await expect(page).toHaveURL(/\/$/u);
  await expect(page.locator('section.efir')).toHaveCount(0);
  await page.locator('header.header').getByRole('link', { name: 'Радио онлайн' }).click();
  await expect(page.locator('section.efir')).toBeVisible();
  await page.locator('header.header').getByRole('link', { name: 'Каталог' }).click();
  await expect(page.locator('section.efir')).toHaveCount(0);
});

for (const theme of ['light', 'dark'] as Theme[]) {
  for (const [width, viewport] of Object.entries(viewports)) {
    test(`/ and /radio on air, the cookie notice open, have no serious accessibility problem (${theme}, ${width})`, async ({
      page,
    }) => {
      await arrangeTv(60, [{ message: 'Проверка доступности', startsIn: -2, duration: 30 }]);
      const id = Number(radioId());
      await writeToday('radio', { startsIn: -5, items: [{ id }, { id }] });
      await page.setViewportSize(viewport);
      await open(page, '/', { theme, cookieNotice: true });
      await expect(page.locator('.live-tv')).toBeVisible({ timeout: 15_000 });
      await expectAccessible(page);
      await open(page, '/radio', { theme, cookieNotice: true });
      await expect(page.locator('.live-radio')).toBeVisible({ timeout: 15_000 });
      await expectAccessible(page);
    });
  }
}
