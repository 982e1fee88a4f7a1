// An editor changes today's TV day while a viewer's browser plays the live TV: the player plays
// on through the save, and the new item airs at the instant the editor was shown (the playlist's
// PROGRAM-DATE-TIME). It runs alone (e2e/playwright.config.ts): the playhead's stands are timed to
// the second, and beside the other specs' browsers a starved viewer once stood 2.25 s.
import { studioUrl } from '@efir/contract';
import { type Browser, chromium, expect, type Page, test } from '@playwright/test';
import { addHlsScript } from './support/policy.ts';
import { wallClock, writeToday } from './support/schedule.ts';
import { addFromCatalogue, dayItems, openMarks, signedIn, timelineRows } from './support/schedule-editor.ts';
import { addAccount, useSite } from './support/site.ts';

const spec = useSite();

const site = (): string => process.env.E2E_SITE_URL ?? '';
const media = (): string => process.env.E2E_MEDIA_URL ?? '';
const videoName = 'Проверка воспроизведения';
const password = 'сетка-эфир-ковш-2031';
const login = `galina-${String(process.pid)}`;

test.beforeAll(() => {
  addAccount(spec(), login, 'editor', password);
});

const editor = (browser: Browser): Promise<Page> => signedIn(browser, login, password);

test('an edit of the day on air: the live player plays through the save and the new item airs when shown', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const videoId = Number(process.env.E2E_VIDEO_ID);
  // Today's day began 10 s ago: the 20 s video six times.
  await writeToday('tv', { startsIn: -10, items: Array.from({ length: 6 }, () => ({ id: videoId })), tickers: [] });
  // The channel may have been off the air (an earlier test's day over): its playlist is closed
  // until the new day joins, a few seconds on. A player that met a closed playlist would stop, so
  // the viewer comes once the channel airs the day.
  await expect
    .poll(
      async () => {
        const text = await (await fetch(`${media()}/tv/720/stream.m3u8`)).text();
        const last =
          text
            .split('\n')
            .filter((line) => line !== '' && !line.startsWith('#'))
            .at(-1) ?? '';
        return !text.includes('#EXT-X-ENDLIST') && !last.startsWith('/media/filler/');
      },
      { timeout: 20_000 },
    )
    .toBe(true);

  // The viewer in a browser of its own, as a viewer's is: its page alone, in front, all along.
  const viewerBrowser = await chromium.launch(test.info().project.use.launchOptions);
  const viewer = await viewerBrowser.newPage();
  await viewer.goto(`${site()}/about`);
  await addHlsScript(viewer);
  await viewer.evaluate((src) => {
    const element = document.createElement('video');
    element.id = 'live';
    element.muted = true;
    document.body.append(element);
    interface Player {
      loadSource(url: string): void;
      attachMedia(v: HTMLVideoElement): void;
      on(event: string, listener: (event: string, data: { details: string; fatal: boolean }) => void): void;
      playingDate: Date | null;
    }
    const Hls = (window as unknown as { Hls: (new () => Player) & { Events: { ERROR: string } } }).Hls;
    const hls = new Hls();
    // The longest the playhead stood still while the page watched, and what the page met.
    const watch = { last: 0, since: performance.now(), longest: 0, playing: 0, events: [] as string[] };
    const note = (what: string): void => {
      watch.events.push(
        `${new Date().toISOString()} ${what} (at ${element.currentTime.toFixed(2)} s, airing ${hls.playingDate?.toISOString() ?? '?'})`,
      );
    };
    hls.on(Hls.Events.ERROR, (_event, data) => {
      note(`hls.js ${data.fatal ? 'fatal ' : ''}${data.details}`);
    });
    for (const name of ['waiting', 'emptied', 'seeking', 'ended', 'pause']) {
      element.addEventListener(name, () => {
        note(name);
      });
    }
    document.addEventListener('visibilitychange', () => {
      note(`the page is ${document.visibilityState}`);
    });
    hls.loadSource(src);
    hls.attachMedia(element);
    void element.play();
    (window as unknown as { watch: typeof watch }).watch = watch;
    setInterval(() => {
      const now = performance.now();
      watch.playing = hls.playingDate?.getTime() ?? 0;
      if (element.currentTime > watch.last + 0.01) {
        if (now - watch.since > 2000 && watch.last > 0)
          note(`moving again after ${String(Math.round(now - watch.since))} ms`);
        watch.last = element.currentTime;
        watch.since = now;
      } else if (watch.last > 0) {
        watch.longest = Math.max(watch.longest, (now - watch.since) / 1000);
      }
    }, 100);
  }, `${media()}/tv/stream.m3u8`);
  const stood = () =>
    viewer.evaluate(
      () =>
        (window as unknown as { watch: { last: number; longest: number; playing: number; events: string[] } }).watch,
    );
  await expect.poll(async () => (await stood()).last, { timeout: 20_000 }).toBeGreaterThan(1);

  // The editor adds the video at a fixed start 30 s from now, cutting whatever airs then.
  const page = await editor(browser);
  const today = wallClock(new Date()).date;
  await page.goto(`${site()}/studio/schedule/tv/${today}`);
  await expect(dayItems(page)).toHaveCount(6);
  await addFromCatalogue(page, videoName);
  const at = wallClock(new Date(Date.now() + 30_000)).time;
  await openMarks(dayItems(page).nth(6));
  const start = dayItems(page).nth(6).getByLabel('Начало');
  const lastStart = async () => wallClock(new Date((await timelineRows(page)).at(-1)?.start ?? 0)).time;
  // The timeline follows the edit: the new item at the instant asked for. A time set into the
  // field by Playwright has, under CI's load, now and then shown in the field without reaching
  // the editor (1 run in about 5; never by hand): then it is set once more, and the run says so.
  for (let attempt = 1; ; attempt += 1) {
    await start.fill(at);
    await expect(start).toHaveValue(at);
    await start.press('Tab');
    await expect(page.getByTestId('airs-from')).toBeVisible();
    await expect(page.locator('.timeline[aria-busy="false"]')).toBeVisible();
    const shown = await expect
      .poll(lastStart, { timeout: 6000 })
      .toBe(at)
      .then(
        () => true,
        () => false,
      );
    if (shown) break;
    console.error(`the start ${at} did not reach the timeline (last row ${await lastStart()}): set again`);
    expect(attempt).toBe(1);
  }
  const added = (await timelineRows(page)).at(-1)!;
  const saved = new Date().toISOString();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('День сохранён.')).toBeVisible();

  // The live playlist: the video's first segment after a change of source, at the instant shown.
  const rung = `${media()}/tv/720/stream.m3u8`;
  // The video's first segment, from its own playlist as the studio names it.
  const link = await page.evaluate(
    async (url) => ((await (await fetch(url)).json()) as { link: string }).link,
    studioUrl('video', { params: { id: videoId } }),
  );
  const folder = link.slice(0, link.lastIndexOf('/'));
  const vod = await (await fetch(`${media()}${folder}/720/index.m3u8`)).text();
  const first = vod.split('\n').find((line) => line !== '' && !line.startsWith('#'));
  expect(first, `the video's first segment in ${vod}`).toMatch(/\.ts$/u);
  let seen = '';
  let aired: number | undefined;
  const deadline = Date.now() + 70_000;
  while (aired === undefined && Date.now() < deadline) {
    const text = await (await fetch(rung)).text();
    seen = text;
    const lines = text.split('\n');
    let date: number | undefined;
    let discontinuity = false;
    for (const line of lines) {
      if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) date = Date.parse(line.slice(25));
      else if (line === '#EXT-X-DISCONTINUITY') discontinuity = true;
      else if (line !== '' && !line.startsWith('#')) {
        if (
          discontinuity &&
          date !== undefined &&
          Math.abs(date - added.start) < 4000 &&
          line.endsWith(`${folder}/720/${first!}`)
        ) {
          aired = date;
        }
        discontinuity = false;
        if (date !== undefined) date = undefined;
      }
    }
    if (aired === undefined) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  expect(aired, `the new item (${folder}/720/${first!}) in the live playlist, last seen:\n${seen}`).toBeDefined();
  expect(Math.abs(aired! - added.start), 'airs within a second of the instant shown').toBeLessThanOrEqual(1000);

  // Playback went on through the save and the change.
  const report = async (): Promise<string> => {
    const { events, longest } = await stood();
    return `the viewer (saved ${saved}, the new item ${new Date(added.start).toISOString()}, longest stand ${String(longest)} s):\n${events.join('\n')}`;
  };
  try {
    // Until the viewer has watched 6 s of the new item.
    await expect.poll(async () => (await stood()).playing, { timeout: 30_000 }).toBeGreaterThan(added.start + 6000);
  } catch (error) {
    console.error(await report());
    throw error;
  }
  const watched = await stood();
  if (watched.longest > 2) console.error(await report());
  expect(watched.longest, 'the playhead never stood still over 2 s').toBeLessThanOrEqual(2);
  await page.context().close();
  await viewerBrowser.close();
});
