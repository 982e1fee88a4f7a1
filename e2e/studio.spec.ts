// The studio as the broadcaster's staff use it, in Chromium against a real site: an admin makes
// an editor's account; the editor uploads a clip through the file input, follows it to the end
// and it plays on the public site; subtitles attached from a file reach its player and are removed;
// a rename, an about-page edit and a new poll show publicly; a category survives a reload; signing
// out leaves no screen behind; wrong passwords are throttled; a moderator cannot open content
// screens.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  apiUrl,
  audienceLimits,
  radioStreamPath,
  studioLimits,
  studioPrefix,
  studioUrl,
  tvStreamPath,
} from '@efir/contract';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { locateMediaTools } from '../apps/server/src/media/ffmpeg.ts';
import { makeClip } from '../apps/server/test/media-fixtures.ts';
import { addAccount, type Site, startSite } from './support/site.ts';
import { open } from './web/helpers.ts';

const adminPassword = 'аист-зебра-ковш-1987';
const editorPassword = 'лампа-сосна-кедр-2024';
const moderatorPassword = 'ветер-поле-река-1999';

let site: Site;
let clip: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  site = await startSite();
  const tools = await locateMediaTools({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });
  clip = join(site.dataDir, 'Закат над рекой.mp4');
  makeClip(tools.ffmpeg, clip, { seconds: 20, size: '1280x720' });
  addAccount(site, 'anna', 'admin', adminPassword);
  addAccount(site, 'boris', 'moderator', moderatorPassword);
});

test.afterAll(async () => {
  await site.stop();
});

async function signIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto(`${site.url}/studio/`);
  await page.getByLabel('Логин', { exact: true }).fill(login);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
}

async function studioPage(browser: Browser, login: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, login, password);
  return page;
}

test.describe.serial('the studio', () => {
  let videoId: number;

  test('an admin makes an editor’s account in the studio', async ({ browser }) => {
    const page = await studioPage(browser, 'anna', adminPassword);
    await page.getByRole('link', { name: 'Пользователи' }).click();
    await page.getByRole('button', { name: 'Добавить пользователя' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Логин', { exact: true }).fill('vera');
    await dialog.getByLabel('Роль', { exact: true }).selectOption('editor');
    await dialog.getByLabel('Пароль', { exact: true }).fill(editorPassword);
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    await expect(page.getByRole('row', { name: /vera/u })).toBeVisible();
    await page.context().close();
  });

  test('the editor uploads a clip, follows it to the end, and it plays on the public site', async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await studioPage(browser, 'vera', editorPassword);
    await page.getByRole('link', { name: 'Видео', exact: true }).click();
    await page.getByRole('button', { name: 'Добавить видео' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Название', { exact: true }).fill('Закат над рекой');
    await dialog.getByLabel('Файл видео', { exact: true }).setInputFiles(clip);
    await expect(dialog.getByTestId('upload-done')).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Сохранить' }).click();

    // The video's own screen follows the ingest: its stages and percent, then ready.
    await expect(page).toHaveURL(/\/studio\/videos\/\d+$/u);
    videoId = Number(/(\d+)$/u.exec(page.url())?.[1]);
    const seen = new Set<string>();
    // The page's studio calls, for the run's output should the wait end: which were asked, which answered.
    const calls: string[] = [];
    const note = (what: string) => (request: { url: () => string }) => {
      if (request.url().includes(`${studioPrefix}/`))
        calls.push(`${new Date().toISOString()} ${what} ${request.url()}`);
    };
    page.on('request', note('asked'));
    page.on('requestfinished', note('answered'));
    page.on('requestfailed', note('failed'));
    try {
      await expect
        .poll(
          async () => {
            const progress = page.getByTestId('job-progress');
            if ((await progress.count()) > 0) seen.add((await progress.getAttribute('data-stage')) ?? '');
            return page.getByRole('region', { name: 'Медиа' }).innerText();
          },
          { timeout: 120_000, intervals: [250] },
        )
        .toContain('Готово');
    } catch (error) {
      // Whether the page or the queue stopped: the server's own account of the jobs, for the run's output.
      const jobs = await page.evaluate(async (url) => {
        try {
          const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
          return `${String(response.status)} ${await response.text()}`;
        } catch (failure) {
          return `no answer: ${String(failure)}`;
        }
      }, studioUrl('jobs'));
      console.error(
        `the studio's jobs when the wait ended: ${jobs}\nthe page's last calls:\n${calls.slice(-40).join('\n')}`,
      );
      throw error;
    }
    expect(seen.size, `stages seen: ${[...seen].join(', ')}`).toBeGreaterThan(0);

    // The editor watches it in the studio before it airs: the preview plays when asked, not before.
    const preview = page.getByRole('region', { name: 'Просмотр' }).getByLabel('Видео «Закат над рекой»');
    const previewTime = () => preview.evaluate((video) => (video as HTMLVideoElement).currentTime);
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((video) => (video as HTMLVideoElement).paused)).toBe(true);
    await preview.evaluate((video) => {
      const media = video as HTMLVideoElement;
      media.muted = true;
      return media.play();
    });
    await expect.poll(previewTime, { timeout: 20_000 }).toBeGreaterThan(1);

    const viewer = await browser.newPage();
    await open(viewer, `/video/item/${String(videoId)}`, { base: site.url });
    await expect(viewer.getByRole('heading', { level: 1 })).toHaveText('Закат над рекой');
    const time = () => viewer.getByTestId('video-player').evaluate((video) => (video as HTMLVideoElement).currentTime);
    await expect.poll(time, { timeout: 20_000 }).toBeGreaterThan(1);
    await viewer.close();
    await page.context().close();
  });

  test('at 1024 px the video table shows every thumbnail and breaks no title inside a word', async ({ browser }) => {
    const page = await studioPage(browser, 'vera', editorPassword);
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto(`${site.url}/studio/videos`);
    const names = page.getByRole('table').locator('.table__name');
    await expect(names.first()).toBeVisible();
    // The test video, ingested with Russian subtitles, says so; an upload without them does not.
    const rowOf = (name: string) =>
      page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(rowOf('Проверка воспроизведения').locator('.badge', { hasText: 'Субтитры' })).toHaveAttribute(
      'title',
      'Субтитры: ru, ru-Latn',
    );
    await expect(rowOf('Закат над рекой').locator('.badge', { hasText: 'Субтитры' })).toHaveCount(0);
    // A word's own width fits its title's box: no title is narrower than its longest word.
    const squeezed = await names.evaluateAll((links) =>
      links
        .filter((link) => {
          const words = link.textContent.split(/\s+/u);
          const probe = document.createElement('span');
          probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap;font:inherit';
          link.append(probe);
          const widest = Math.max(
            ...words.map((word) => {
              probe.textContent = word;
              return probe.getBoundingClientRect().width;
            }),
          );
          probe.remove();
          return link.getBoundingClientRect().width + 0.5 < widest;
        })
        .map((link) => link.textContent),
    );
    expect(squeezed).toEqual([]);
    const thumbs = page.getByRole('table').locator('tbody tr td:first-child > *');
    expect(await thumbs.count()).toBe(await page.getByRole('table').locator('tbody tr').count());
    for (const thumb of await thumbs.all()) expect((await thumb.boundingBox())?.width).toBeGreaterThanOrEqual(60);
    // What does not fit scrolls within the table, not the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
    await page.context().close();
  });

  test('the editor attaches subtitles from a file: a wrong line is refused at once, a good file reaches the public player', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const bad = join(site.dataDir, 'неверные.srt');
    const good = join(site.dataDir, 'титры.srt');
    writeFileSync(bad, '1\n00:00:01,000 -> 00:00:19,000\nбез стрелки\n');
    writeFileSync(good, '1\n00:00:00,000 --> 00:00:19,500\nЗакат над рекой\n');
    const page = await studioPage(browser, 'vera', editorPassword);
    await page.goto(`${site.url}/studio/videos/${String(videoId)}`);
    const panel = page.getByRole('region', { name: 'Субтитры' });
    await expect(panel.getByText('Субтитров нет.')).toBeVisible();
    await expect(panel.getByLabel('Язык', { exact: true })).toHaveValue('ru');
    await expect(panel.getByLabel('Название дорожки', { exact: true })).toHaveValue('Русский');
    const add = panel.getByRole('button', { name: 'Добавить субтитры' });
    await expect(add).toBeDisabled();
    await panel.getByLabel('Файл субтитров', { exact: true }).setInputFiles(bad);
    await expect(panel.getByTestId('upload-done')).toBeVisible();
    await add.click();
    await expect(panel.getByRole('alert')).toHaveText(
      'Файл субтитров не принят: неверные.srt, line 2: a cue needs a timing line, start --> end',
    );
    await panel.getByLabel('Файл субтитров', { exact: true }).setInputFiles(good);
    await expect(panel.getByTestId('upload-done')).toContainText('титры.srt');
    await add.click();
    // The job remakes the video with the track and its Latin copy; the page follows it.
    await expect(panel.getByRole('listitem')).toHaveText([/^русский \(ru\)/u, /^русский латиницей \(ru-Latn\)/u], {
      timeout: 30_000,
    });

    const viewer = await browser.newPage();
    await open(viewer, `/video/item/${String(videoId)}`, { base: site.url });
    await viewer.getByRole('button', { name: 'Субтитры' }).click();
    const shown = () =>
      viewer.getByTestId('video-player').evaluate((element) => {
        const showing = Array.from((element as HTMLVideoElement).textTracks).find((track) => track.mode === 'showing');
        return Array.from(showing?.activeCues ?? [])
          .map((cue) => (cue as VTTCue).text)
          .join();
      });
    await expect.poll(shown, { timeout: 20_000 }).toBe('Закат над рекой');
    await viewer.close();

    // Removed from the keyboard, after a confirmation: the Russian track goes with its Latin copy.
    await panel.getByRole('button', { name: 'Убрать субтитры: русский', exact: true }).press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: 'Убрать' }).click();
    await expect(panel.getByText('Субтитров нет.')).toBeVisible({ timeout: 30_000 });
    await page.context().close();
  });

  test('a rename shows on the public page', async ({ browser }) => {
    const page = await studioPage(browser, 'vera', editorPassword);
    await page.goto(`${site.url}/studio/videos/${String(videoId)}`);
    const fields = page.getByRole('region', { name: 'Описание' });
    await fields.getByLabel('Название', { exact: true }).fill('Закат над Волгой');
    await fields.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Сохранено' })).toBeVisible();

    const viewer = await browser.newPage();
    await expect
      .poll(
        async () => {
          await open(viewer, `/video/item/${String(videoId)}`, { base: site.url });
          return viewer.getByRole('heading', { level: 1 }).innerText();
        },
        { timeout: 15_000 },
      )
      .toBe('Закат над Волгой');
    await viewer.close();
    await page.context().close();
  });

  test('a video keeps its category after a reload; signing out leaves nothing behind for the next account', async ({
    browser,
  }) => {
    const page = await studioPage(browser, 'vera', editorPassword);
    await page.goto(`${site.url}/studio/videos/${String(videoId)}`);
    const fields = page.getByRole('region', { name: 'Описание' });
    const category = fields.getByLabel('Рубрика', { exact: true });
    await expect.poll(() => category.locator('option').count()).toBeGreaterThan(1);
    const options = await category
      .locator('option')
      .evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value));
    const last = options.at(-1) ?? '';
    await category.selectOption(last);
    await fields.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Сохранено' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Описание' }).getByLabel('Рубрика', { exact: true })).toHaveValue(
      last,
    );

    // From the on-air desk (it polls the chat), sign out: the sign-in form, and not one call more.
    await page.getByRole('link', { name: 'Сейчас в эфире' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Both channels' players play there, the radio's too (muted, as the video), without a click.
    for (const channel of ['tv', 'radio']) {
      const played = () =>
        page.getByTestId(`player-${channel}`).evaluate((media) => (media as HTMLMediaElement).currentTime);
      await expect.poll(played, { timeout: 20_000 }).toBeGreaterThan(1);
      // The card keeps the picture's clock: seconds behind the wall clock, and the item it names
      // is the one the picture is in.
      const card = page.getByTestId(`now-${channel}`);
      await expect(card).toHaveAttribute('data-clock', 'picture', { timeout: 10_000 });
      await expect
        .poll(
          async () => {
            const at = Number(await card.getAttribute('data-at'));
            const start = Number((await card.getAttribute('data-start')) ?? Number.NaN);
            const end = Number((await card.getAttribute('data-end')) ?? Number.NaN);
            const behind = Date.now() - at;
            if (behind < 2000 || behind > 60_000) return `the picture is ${String(behind)} ms behind`;
            return Number.isNaN(start) || (start <= at && at < end)
              ? 'the named item is on the picture'
              : `${String(at)} outside ${String(start)}–${String(end)}`;
          },
          { timeout: 15_000 },
        )
        .toBe('the named item is on the picture');
    }
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) refused.push(response.url());
    });
    await page.getByRole('button', { name: 'Выйти' }).click();
    await expect(page.getByLabel('Логин', { exact: true })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/studio/');
    // The next account (a moderator) starts at the first page, not on the editor's screen.
    await page.getByLabel('Логин', { exact: true }).fill('boris');
    await page.getByLabel('Пароль', { exact: true }).fill(moderatorPassword);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('button', { name: 'Выйти' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Нет доступа' })).toHaveCount(0);
    expect(refused).toEqual([]);
    await page.context().close();
  });

  test('an about-page edit and a new poll show publicly', async ({ browser }) => {
    const page = await studioPage(browser, 'vera', editorPassword);
    await page.getByRole('link', { name: 'О проекте' }).click();
    await page.getByLabel('Заголовок страницы', { exact: true }).fill('О нашем телеканале');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'сохранена' })).toBeVisible();

    await page.getByRole('link', { name: 'Опросы' }).click();
    await page.getByRole('button', { name: 'Новый опрос' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Вопрос', { exact: true }).fill('Какой фильм показать в субботу?');
    await dialog.getByLabel('Вариант 1', { exact: true }).fill('Комедию');
    await dialog.getByLabel('Вариант 2', { exact: true }).fill('Детектив');
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Какой фильм показать в субботу?')).toBeVisible();
    // Visitors see the first poll: the new one is moved to the top from the keyboard.
    const handle = page.getByRole('button', { name: 'Переставить: Какой фильм показать в субботу?' });
    const polls = page.getByRole('list', { name: 'Опросы' }).locator(':scope > li');
    const count = await polls.count();
    await handle.focus();
    for (const key of ['Space', ...Array<string>(count - 1).fill('ArrowUp'), 'Space']) await page.keyboard.press(key);
    await expect(polls.first()).toContainText('Какой фильм показать в субботу?');
    await page.reload();
    await expect(polls.first()).toContainText('Какой фильм показать в субботу?');
    // A demo poll has votes: changing an answer's text says they stay with it, before the save.
    await polls
      .nth(1)
      .getByRole('button', { name: /^Изменить опрос/u })
      .click();
    const answer = page.getByRole('dialog').getByLabel('Вариант 1', { exact: true });
    await expect(page.getByRole('dialog').getByText(/^Голосов за этот вариант/u)).toHaveCount(0);
    await answer.fill(`${await answer.inputValue()}!`);
    await expect(answer).toHaveAccessibleDescription(/^Голосов за этот вариант: \d+\. Они останутся за новым текстом/u);
    await page.getByRole('dialog').getByRole('button', { name: 'Отмена' }).click();

    const viewer = await browser.newPage();
    await expect
      .poll(
        async () => {
          await open(viewer, '/about', { base: site.url });
          await expect(viewer.getByRole('heading', { level: 2 }).first()).toBeVisible();
          return viewer.getByRole('heading', { name: 'О нашем телеканале' }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await expect
      .poll(
        async () => {
          await open(viewer, '/', { base: site.url });
          const poll = viewer.locator('section.poll');
          await poll.scrollIntoViewIfNeeded();
          return poll.innerText();
        },
        { timeout: 15_000 },
      )
      .toContain('Какой фильм показать в субботу?');
    await viewer.close();
    await page.context().close();
  });

  test('wrong passwords are throttled, whoever guesses', async ({ page }) => {
    await page.goto(`${site.url}/studio/`);
    for (let attempt = 0; attempt < studioLimits.failuresPerLogin; attempt += 1) {
      await page.getByLabel('Логин', { exact: true }).fill('vera');
      await page.getByLabel('Пароль', { exact: true }).fill(`угадайка-${String(attempt)}`);
      await page.getByRole('button', { name: 'Войти' }).click();
      await expect(page.getByRole('alert')).toContainText('Неверный логин или пароль');
    }
    // Even the right password is refused now, and the answer says for how long.
    await page.getByLabel('Пароль', { exact: true }).fill(editorPassword);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('alert')).toContainText('Слишком много неудачных попыток входа');
    // The same refusal for a login that does not exist: nothing tells the two apart.
    const unknown = await page.request.post(`${site.url}${studioUrl('login')}`, {
      data: { login: 'nobody', password: 'x' },
      headers: { origin: site.url },
    });
    expect(unknown.status()).toBe(401);
  });

  test('the dashboard and the on-air desk count the players following each channel', async ({ browser }) => {
    // Three viewers of the TV's 720p rung and two listeners of the radio, each a browser of its
    // own, fetching their playlists every target duration as players do.
    const players = [
      ...[1, 2, 3].map((n) => ({ path: tvStreamPath(0, 720), agent: `Viewer ${String(n)}` })),
      ...[1, 2].map((n) => ({ path: radioStreamPath('m3u'), agent: `Listener ${String(n)}` })),
    ];
    const follow = async (): Promise<void> => {
      for (const { path, agent } of players) {
        expect((await fetch(`${site.mediaUrl}${path}`, { headers: { 'user-agent': agent } })).status).toBe(200);
      }
    };
    await follow();
    const following = setInterval(() => void follow(), 4000);
    try {
      const page = await studioPage(browser, 'anna', adminPassword);
      await page.getByRole('navigation', { name: 'Разделы студии' }).getByRole('link', { name: 'Аудитория' }).click();
      await expect(page.getByRole('heading', { name: 'Аудитория', level: 1 })).toBeVisible();
      const tv = page.getByTestId('audience-now-tv');
      // Exactly these players, once the players of the tests before (the public pages', the
      // desk's) are a window past their last fetch.
      const stopped = { timeout: (audienceLimits.windowSeconds + 2 * audienceLimits.sampleSeconds) * 1000 };
      await expect(tv.locator('.audience__figure')).toHaveText('3', stopped);
      await expect(tv).toContainText('Зрителей сейчас: 3 (720p — 3)');
      await expect(page.getByTestId('audience-now-radio')).toContainText('Слушателей сейчас: 2 (HLS — 2)', stopped);
      // Kept at the samples, on the clock's multiples of their length: the chart's busiest minute.
      const peakOf = async (): Promise<number> =>
        Number(
          /ТВ: больше всего (\d+)/u.exec((await page.getByTestId('audience-chart').textContent()) ?? '')?.[1] ?? 0,
        );
      await expect.poll(peakOf, { timeout: 2 * audienceLimits.sampleSeconds * 1000 }).toBeGreaterThanOrEqual(3);
      await page.getByRole('button', { name: 'Неделя' }).click();
      await expect(page.getByRole('button', { name: 'Неделя' })).toHaveAttribute('aria-pressed', 'true');
      // A week reaches back to the minutes already rolled up into hours.
      await expect(page.getByTestId('audience-chart')).toContainText('В среднем за 1 ч.');
      expect(await peakOf()).toBeGreaterThanOrEqual(3);
      // A range that ends before it starts is refused where it is typed, and nothing is asked.
      await page.getByLabel('С', { exact: true }).fill('2026-03-02T10:00');
      await page.getByLabel('по', { exact: true }).fill('2026-03-01T10:00');
      await page.getByRole('button', { name: 'Показать' }).click();
      await expect(page.getByRole('alert')).toHaveText('Конец периода должен быть позже начала.');
      await expect(page.getByRole('button', { name: 'Неделя' })).toHaveAttribute('aria-pressed', 'true');
      // The desk: its own players follow the channels too, one more each.
      await page
        .getByRole('navigation', { name: 'Разделы студии' })
        .getByRole('link', { name: 'Сейчас в эфире' })
        .click();
      await expect(page.getByTestId('audience-tv')).toContainText(/^Зрителей сейчас: [34] \(/u);
      await expect(page.getByTestId('audience-radio')).toContainText(/^Слушателей сейчас: [23] \(HLS/u);
      await page.context().close();
    } finally {
      clearInterval(following);
    }
  });

  test('a moderator sees only the chat and cannot open content screens', async ({ browser }) => {
    const page = await studioPage(browser, 'boris', moderatorPassword);
    const nav = page.getByRole('navigation', { name: 'Разделы студии' });
    await expect(nav.getByRole('link', { name: 'Чат' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Видео', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Аудитория' })).toHaveCount(0);
    await page.goto(`${site.url}/studio/videos`);
    await expect(page.getByRole('heading', { name: 'Нет доступа' })).toBeVisible();
    // And the server refuses the call itself, whatever the page shows.
    const refused = await page.evaluate(async (url) => (await fetch(url)).status, studioUrl('videos'));
    expect(refused).toBe(403);
    const audience = await page.evaluate(
      async (url) => (await fetch(`${url}?from=0&to=1000`)).status,
      studioUrl('audience'),
    );
    expect(audience).toBe(403);
    // The public catalogue is still everyone's.
    const open = await page.evaluate(async (url) => (await fetch(url)).status, apiUrl('videoCategories'));
    expect(open).toBe(200);
    await page.context().close();
  });
});
