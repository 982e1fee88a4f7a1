// Chat moderation in Chromium against a site of its own, its radio on air with a chat beside it:
// a moderator hides a message and a visitor's browser loses it within 4 s; a room's slow mode
// refuses a visitor's second post; a visitor banned by address cannot post, not even from a new
// browser (a new cookie); a listed word holds a post, which its poster sees marked and moderators
// find in the queue; the moderation screen passes axe, dark on a phone.
import { apiPrefix, studioUrl } from '@efir/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { contextsClosedAfterEach } from './support/browser.ts';
import { efir, type Site, startSite } from './support/site.ts';
import { radioOnAirAllRun } from './support/web.ts';
import { expectAccessible, open } from './web/helpers.ts';

let site: Site;
const newContext = contextsClosedAfterEach();
let moderatorPassword: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  site = await startSite({
    // Every browser here is a new visitor from 127.0.0.1: the newcomers' limit is not under test.
    CHAT_NEWCOMERS_PER_MINUTE: '50',
  });
  // The radio on air for the whole run, with its chat beside it.
  await radioOnAirAllRun(site);
  const made = efir(site, 'user', 'add', 'mila', '--role', 'moderator');
  moderatorPassword = /password: (\S+)/u.exec(made)?.[1] ?? '';
  expect(moderatorPassword).not.toBe('');
});

test.afterAll(async () => {
  await site.stop();
});

/** A visitor with a nickname on /radio, in a browser of their own (a cookie of their own). */
async function visitor(browser: Browser, nickname: string): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await page.addInitScript((name) => {
    localStorage.setItem('nickname', name);
  }, nickname);
  await open(page, '/radio', { base: site.url });
  await expect(page.locator('.chat__messages')).toBeVisible({ timeout: 15_000 });
  return page;
}

async function say(page: Page, text: string): Promise<void> {
  await page.getByPlaceholder('Сообщение').fill(text);
  await page.getByRole('button', { name: 'Отправить' }).click();
}

/** The moderation screen, signed in through the studio's own call. */
async function moderation(browser: Browser, viewport = { width: 1280, height: 900 }, dark = false): Promise<Page> {
  const context = await newContext(browser, { viewport, colorScheme: dark ? 'dark' : 'light' });
  const page = await context.newPage();
  const signedIn = await page.request.post(`${site.url}${studioUrl('login')}`, {
    data: { login: 'mila', password: moderatorPassword },
    headers: { origin: site.url },
  });
  expect(signedIn.status()).toBe(200);
  await page.goto(`${site.url}/studio/chat`);
  await expect(page.getByRole('heading', { name: 'Чат', level: 1 })).toBeVisible();
  return page;
}

const radioRoom = (page: Page) => page.getByRole('region', { name: 'Чат радио' });

test.describe.serial('chat moderation', () => {
  test('a hidden message leaves a visitor’s browser within 4 s', async ({ browser }) => {
    const reader = await visitor(browser, 'Читатель');
    const writer = await visitor(browser, 'Грубиян');
    const text = `Грубость ${String(Date.now())}`;
    await say(writer, text);
    await expect(reader.locator('.chat__message', { hasText: text })).toBeVisible({ timeout: 4000 });

    const studio = await moderation(browser);
    const room = radioRoom(studio);
    await expect(room.getByText(text)).toBeVisible({ timeout: 4000 });
    await room.getByRole('button', { name: 'Скрыть сообщение от Грубиян' }).last().click();
    const hidden = Date.now();
    await expect(reader.locator('.chat__message', { hasText: text })).toHaveCount(0, { timeout: 4000 });
    await expect(writer.locator('.chat__message', { hasText: text })).toHaveCount(0, { timeout: 4000 });
    expect(Date.now() - hidden).toBeLessThan(4000);
    await expect(room.locator('.chat-message--hidden', { hasText: text })).toBeVisible();
    await Promise.all([reader.context().close(), writer.context().close(), studio.context().close()]);
  });

  test('a room’s slow mode refuses the second post', async ({ browser }) => {
    const studio = await moderation(browser);
    await radioRoom(studio).getByLabel('Медленный режим').selectOption('30');
    await expect(studio.getByRole('status').filter({ hasText: 'медленный режим раз в 30 с' })).toBeVisible();

    const typist = await visitor(browser, 'Торопыга');
    await say(typist, 'Первое сообщение');
    await expect(typist.locator('.chat__message', { hasText: 'Первое сообщение' })).toBeVisible();
    // Refused for the room's slow mode, not for a visitor's one post a second: the answer says which.
    const refusal = typist.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().includes(`${apiPrefix}/chat/radio/`),
    );
    await say(typist, 'Второе сообщение');
    expect(await (await refusal).json()).toEqual({
      detail: 'This chat is in slow mode: one message every 30 seconds.',
    });
    // The wait is said in seconds, and the send waits with it; the text stays for then.
    await expect(typist.locator('#chat-message-problem')).toHaveText(
      /^Не так быстро: следующее сообщение можно отправить через (29|30) с\.$/u,
    );
    await expect(typist.getByRole('button', { name: 'Отправить' })).toBeDisabled();
    await expect(typist.getByPlaceholder('Сообщение')).toHaveValue('Второе сообщение');

    await radioRoom(studio).getByLabel('Медленный режим').selectOption('0');
    await expect(studio.getByRole('status').filter({ hasText: 'медленный режим выключен' })).toBeVisible();
    await Promise.all([typist.context().close(), studio.context().close()]);
  });

  test('a visitor banned by address cannot post, not even from a new browser', async ({ browser }) => {
    const troll = await visitor(browser, 'Тролль');
    const text = `Спам ${String(Date.now())}`;
    await say(troll, text);
    await expect(troll.locator('.chat__message', { hasText: text })).toBeVisible();

    const studio = await moderation(browser);
    const room = radioRoom(studio);
    await expect(room.getByText(text)).toBeVisible({ timeout: 4000 });
    await room.getByRole('button', { name: 'Забанить автора: Тролль' }).last().click();
    const dialog = studio.getByRole('dialog');
    await dialog.getByLabel('Срок').selectOption('1h');
    await dialog.getByLabel(/^Также по адресу/u).check();
    await dialog.getByRole('button', { name: 'Забанить' }).click();
    await expect(dialog).toBeHidden();
    const bans = studio.getByRole('region', { name: 'Баны' });
    await expect(bans.getByText(text)).toBeVisible();

    // A ban is checked before a visitor's pace: refused as banned, however soon after the last post.
    // The visitor is told until when, on their clock, and can type no more till then.
    const bannedUntil = /^Модератор запретил вам писать в чат до \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}\.$/u;
    await say(troll, 'Меня не остановить');
    await expect(troll.locator('#chat-message-problem')).toHaveText(bannedUntil);
    await expect(troll.getByPlaceholder('Сообщение')).toBeDisabled();
    const again = await visitor(browser, 'Совсем другой');
    await say(again, 'Я новенький, честно');
    await expect(again.locator('#chat-message-problem')).toHaveText(bannedUntil);

    // Lifted, the address may post again (the page, told of the ban's end, learns of a lift on
    // its next load).
    await bans.getByRole('button', { name: /^Снять бан гостя/u }).click();
    await expect(bans.getByText('Сейчас никто не забанен.')).toBeVisible();
    await again.reload();
    await say(again, 'Спасибо, больше не буду');
    await expect(again.locator('.chat__message', { hasText: 'Спасибо, больше не буду' })).toBeVisible();
    await Promise.all([troll.context().close(), again.context().close(), studio.context().close()]);
  });

  test('a listed word holds a post for review, which its poster is told; the screen passes axe', async ({
    browser,
  }) => {
    const studio = await moderation(browser, { width: 375, height: 800 }, true);
    const words = studio.getByRole('region', { name: 'Стоп-слова' });
    await words.getByLabel('Слово или фраза').fill('реклама');
    await expect(words.getByLabel('Слово или фраза')).toHaveValue('реклама');
    // The add's answer first, so a refusal says what it was; then the list, read again after it
    // (two calls in a row, which on a loaded machine have taken more than the 5 s wait).
    const added = studio.waitForResponse(
      (response) =>
        response.request().method() === 'POST' && new URL(response.url()).pathname === studioUrl('chatWordAdd'),
    );
    await words.getByRole('button', { name: 'Добавить' }).click();
    const answer = await added;
    expect(answer.ok(), `the add answered ${String(answer.status())}: ${await answer.text()}`).toBe(true);
    await expect(words.getByRole('listitem').filter({ hasText: 'реклама' })).toBeVisible({ timeout: 10_000 });

    const poster = await visitor(browser, 'Рекламщик');
    await say(poster, 'Лучшая РЕКЛАМА тут');
    const own = poster.locator('.chat__message', { hasText: 'Лучшая РЕКЛАМА тут' });
    await expect(own).toContainText('Отправлено на проверку');
    const queue = studio.getByRole('region', { name: /^На проверке/u });
    await expect(queue.getByText('Лучшая РЕКЛАМА тут')).toBeVisible({ timeout: 4000 });
    await expect(studio.getByText('Загрузка…')).toHaveCount(0);
    await expectAccessible(studio);
    await Promise.all([poster.context().close(), studio.context().close()]);
  });
});
