// The schedule editor in Chromium on the run's site: an editor builds tomorrow's TV day from the
// catalogue, reorders it by dragging, sees the slate and a cut in the timeline before saving, and
// the public /tv page shows the day at the times the timeline gave. The edit of the day on air,
// watched by a live player, is schedule-on-air.spec.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, createAdminClient, createApiClient, studioUrl } from '@efir/contract';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { targetDuration } from '../apps/server/src/live/live-playlist.ts';
import { wallClock, writeToday } from './support/schedule.ts';
import {
  addFromCatalogue,
  dayItem,
  dayItems,
  expectDayLength,
  openMarks,
  signedIn,
  timelineRows,
} from './support/schedule-editor.ts';
import { open } from './web/helpers.ts';
import { addAccount, useSite } from './support/site.ts';

const spec = useSite();

const site = (): string => process.env.E2E_SITE_URL ?? '';
const videoName = 'Проверка воспроизведения';
const password = 'сетка-эфир-ковш-2031';
/** A login of this run's own: a retried worker makes another. */
const login = `galina-${String(process.pid)}`;
const adminLogin = `boris-${String(process.pid)}`;

test.beforeAll(() => {
  addAccount(spec(), login, 'editor', password);
  addAccount(spec(), adminLogin, 'admin', password);
});

/** The studio's schedule screen, signed in as this spec's editor (or `as`). */
const editor = (browser: Browser, as = login): Promise<Page> => signedIn(browser, as, password);

/** Three published videos of the demo catalogue, a day `days` ahead, and a writer of that TV day
 * (from 09:00, these ids, these closing words) through the operators' call. */
async function dayOfThree(days: number) {
  const published = await createApiClient({ baseUrl: site() })('videoCatalogue', { query: { page: 1 } });
  const [a, b, c] = published.results;
  if (a === undefined || b === undefined || c === undefined) throw new Error('the demo catalogue has three videos');
  const token = readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'admin-token'), 'utf8').trim();
  const admin = createAdminClient({ baseUrl: site(), token });
  const date = addDays(wallClock(new Date()).date, days);
  const write = (ids: number[], finishedText: string) =>
    admin('scheduleWrite', {
      params: { channel: 'tv', date },
      body: { startsAt: '09:00:00', finishedText, items: ids.map((id) => ({ id, startsAt: null, isAd: false })) },
    });
  return { videos: [a, b, c] as const, date, write };
}

test('an editor builds tomorrow by dragging, sees the slate and a cut before saving, and /tv shows that day', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const published = await createApiClient({ baseUrl: site() })('videoCatalogue', { query: { page: 1 } });
  const other = published.results.find((video) => video.name !== videoName);
  expect(other, 'a published video of the demo catalogue').toBeDefined();
  const tomorrow = addDays(wallClock(new Date()).date, 1);
  // The demo's schedule covers tomorrow: the editor starts from an empty day.
  const token = readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'admin-token'), 'utf8').trim();
  await createAdminClient({ baseUrl: site(), token })('scheduleDelete', {
    params: { channel: 'tv', date: tomorrow },
  }).catch(() => undefined);
  const page = await editor(browser);
  await page.getByRole('link', { name: 'Сетка вещания' }).click();
  await page.goto(`${site()}/studio/schedule/tv/${tomorrow}`);
  await expect(page.getByText('Этого дня ещё нет в сетке')).toBeVisible();
  await page.getByLabel('Начало дня').fill('10:00:00');
  for (let i = 0; i < 4; i += 1) await addFromCatalogue(page, videoName);
  await addFromCatalogue(page, other!.name);

  // The catalogue's video, added last, dragged to the top by its handle.
  await page.getByLabel('Добавить из каталога').fill('');
  const handle = page.getByRole('button', { name: `Переставить: ${other!.name}` });
  await page.getByRole('list', { name: 'Передачи дня' }).evaluate((list) => {
    list.scrollIntoView({ block: 'center' });
  });
  const top = dayItems(page).first();
  const from = await handle.boundingBox();
  const to = await top.boundingBox();
  const x = from!.x + from!.width / 2;
  await page.mouse.move(x, from!.y + from!.height / 2);
  await page.mouse.down();
  await page.mouse.move(x, from!.y + from!.height / 2 - 10, { steps: 5 });
  await page.mouse.move(x, to!.y + 4, { steps: 30 });
  await page.waitForTimeout(200);
  await page.mouse.up();
  await expect(dayItems(page).first()).toContainText(other!.name);

  // Fixed starts: the third item at noon (slate before it), the fifth at 12:00:30, within the
  // fourth (20 s from 12:00:20), which it cuts.
  for (const [place, time] of [
    [2, '12:00:00'],
    [4, '12:00:30'],
  ] as const) {
    await openMarks(dayItems(page).nth(place));
    await dayItems(page).nth(place).getByLabel('Начало').fill(time);
  }
  await expect(page.getByTestId('timeline-gap').first()).toBeVisible();
  await expect(page.getByTestId('timeline-cut')).toHaveCount(1);
  await expect(page.getByTestId('timeline-row')).toHaveCount(5);
  await expect(page.locator('.timeline[aria-busy="false"]')).toBeVisible();
  const shown = await timelineRows(page);
  expect(shown).toHaveLength(5);

  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('День сохранён.')).toBeVisible();
  await expect(page.getByText(`Версия 1, сохранил(а) ${login}`)).toBeVisible();
  expect(await timelineRows(page)).toEqual(shown);

  // The public day: every item at the time the timeline showed, to the second.
  const clock = (t: number): string => wallClock(new Date(t)).time;
  const api = createApiClient({ baseUrl: site() });
  const listed = await api('teleprogramList', {});
  const day = listed.find((entry) => entry.date_to_start === tomorrow);
  expect(day, `${tomorrow} among the public days`).toBeDefined();
  const items = await api('teleprogramVideos', { params: { id: day!.id } });
  expect(items.results.map((item) => [item.time_to_start, item.video.name])).toEqual(
    shown.map((row) => [clock(row.start), row.name]),
  );

  const viewer = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await open(viewer, '/tv', { base: site() });
  const days = viewer.getByRole('region', { name: 'Дни программы' }).locator('button.day');
  await expect(days.filter({ hasText: 'Сегодня' })).toBeVisible();
  const todayAt = (await days.allTextContents()).findIndex((text) => text.includes('Сегодня'));
  await days.nth(todayAt + 1).click();
  const blocks = viewer.getByTestId('teleprogram').locator('.programme__block');
  await expect(blocks).toHaveCount(5);
  await expect(blocks.locator('.programme__time')).toHaveText(shown.map((row) => clock(row.start).slice(0, 5)));
  await expect(blocks.locator('.programme__name')).toHaveText(shown.map((row) => row.name));
  await page.context().close();
  await viewer.close();
});

test('copying a day keeps a day that has its own schedule until the editor confirms replacing it, and repeats it weekly', async ({
  browser,
}) => {
  const published = await createApiClient({ baseUrl: site() })('videoCatalogue', { query: { page: 1 } });
  const [a, b] = published.results;
  expect(b, 'two published videos of the demo catalogue').toBeDefined();
  const token = readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'admin-token'), 'utf8').trim();
  const admin = createAdminClient({ baseUrl: site(), token });
  const today = wallClock(new Date()).date;
  const source = addDays(today, 20);
  const target = addDays(today, 21);
  const items = (videos: { id: number }[]) => videos.map((video) => ({ id: video.id, startsAt: null, isAd: false }));
  await admin('scheduleWrite', {
    params: { channel: 'tv', date: source },
    body: { startsAt: '09:00:00', finishedText: '', items: items([a!]) },
  });
  await admin('scheduleWrite', {
    params: { channel: 'tv', date: target },
    body: { startsAt: '09:00:00', finishedText: '', items: items([a!, b!]) },
  });
  const page = await editor(browser);
  const itemsOf = (date: string) =>
    page.evaluate(
      async (url) => ((await (await fetch(url)).json()) as { day: { items: unknown[] } }).day.items.length,
      studioUrl('scheduleDay', { params: { channel: 'tv', date } }),
    );
  await page.goto(`${site()}/studio/schedule/tv/${source}`);
  await expect(dayItems(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Копировать' }).click();
  const dialog = page.getByRole('dialog', { name: 'Копировать день' });
  // The next day, not a week of them.
  await expect(dialog.getByLabel('С', { exact: true })).toHaveValue(target);
  await expect(dialog.getByLabel('По', { exact: true })).toHaveValue(target);
  await dialog.getByRole('button', { name: 'Копировать', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText(target);
  expect(await itemsOf(target)).toBe(2);
  await dialog.getByRole('button', { name: 'Заменить дней: 1' }).click();
  await expect(dialog.getByRole('status')).toContainText('Записано дней: 1');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  expect(await itemsOf(target)).toBe(1);

  // Repeated weekly: the day's own weekday of three weeks, and no day between (weeks no other
  // test of this site writes).
  await dialog.getByLabel('С', { exact: true }).fill(addDays(source, 50));
  await dialog.getByLabel('По', { exact: true }).fill(addDays(source, 70));
  await dialog.getByRole('button', { name: /^Только по /u }).click();
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Копировать', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('Записано дней: 3');
  expect(await Promise.all([56, 57, 63, 70].map((days) => itemsOf(addDays(source, days))))).toEqual([1, 0, 1, 1]);
  await page.context().close();
});

test('a gap before a fixed start fills from a category in rotation, no programme within the hours asked', async ({
  browser,
}) => {
  const token = readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'admin-token'), 'utf8').trim();
  const video = Number(process.env.E2E_VIDEO_ID);
  const date = addDays(wallClock(new Date()).date, 45);
  // The 20 s test video at 09:00, and again at 09:01:05: 45 s of slate between.
  await createAdminClient({ baseUrl: site(), token })('scheduleWrite', {
    params: { channel: 'tv', date },
    body: {
      startsAt: '09:00:00',
      finishedText: '',
      items: [
        { id: video, startsAt: null, isAd: false },
        { id: video, startsAt: '09:01:05', isAd: false },
      ],
    },
  });
  const page = await editor(browser);
  await page.goto(`${site()}/studio/schedule/tv/${date}`);
  await expect(page.locator('.timeline[aria-busy="false"]')).toBeVisible();
  await page.getByRole('button', { name: /^Заполнить паузу/u }).click();
  const dialog = page.getByRole('dialog', { name: 'Заполнить паузу' });
  // The category offered first is the first that has programmes: the test video's.
  const category = await page.evaluate(
    async (url) => ((await (await fetch(url)).json()) as { categoryId: number }).categoryId,
    studioUrl('video', { params: { id: video } }),
  );
  await expect(dialog.getByLabel('Рубрика', { exact: true })).toHaveValue(String(category));
  // The only programme of the category with media airs on both sides of the gap: not within 3 hours.
  await expect(dialog.getByRole('status')).toHaveText(/^Ничего не помещается/u);
  await dialog.getByLabel('Не повторять, часов', { exact: true }).fill('0');
  await expect(dialog.getByRole('status')).toContainText('Войдёт передач: 2');
  await dialog.getByRole('button', { name: 'Вставить' }).click();
  await expect(dayItems(page)).toHaveCount(4);
  await expect(page.getByTestId('timeline-row')).toHaveCount(4);
  await expect(page.locator('.timeline[aria-busy="false"]')).toBeVisible();
  // The two go in before the fixed start and air whole: nothing is cut.
  await expect(page.getByTestId('timeline-cut')).toHaveCount(0);
  await page.context().close();
});

test('an unsaved day survives leaving for another screen and a reload, and leaving asks first', async ({ browser }) => {
  const published = await createApiClient({ baseUrl: site() })('videoCatalogue', { query: { page: 1 } });
  const [a, b] = published.results;
  expect(b, 'two published videos of the demo catalogue').toBeDefined();
  const token = readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'admin-token'), 'utf8').trim();
  const date = addDays(wallClock(new Date()).date, 22);
  await createAdminClient({ baseUrl: site(), token })('scheduleWrite', {
    params: { channel: 'tv', date },
    body: { startsAt: '09:00:00', finishedText: '', items: [{ id: a!.id, startsAt: null, isAd: false }] },
  });
  const page = await editor(browser);
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.goto(`${site()}/studio/schedule/tv/${date}`);
  await expect(dayItems(page)).toHaveCount(1);
  await addFromCatalogue(page, b!.name);
  await expect(page.getByText('Есть несохранённые изменения.')).toBeVisible();

  // Another screen of the studio: asked, and the draft is there on coming back.
  await page.getByRole('link', { name: 'Видео', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Уйти, не сохранив день?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Уйти' }).click();
  await expect(page).toHaveURL(/\/studio\/videos$/u);
  await page.goto(`${site()}/studio/schedule/tv/${date}`);
  await expect(dayItems(page)).toHaveCount(2);
  await expect(page.getByText('Восстановлен несохранённый черновик этого дня')).toBeVisible();

  // A reload: the browser asks before unloading, and the draft is still there.
  await page.reload();
  expect(asked).toContain('beforeunload');
  await expect(dayItems(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('День сохранён.')).toBeVisible();
  await expect(page.getByText('Восстановлен несохранённый черновик этого дня')).toHaveCount(0);
  await page.reload();
  await expect(dayItems(page)).toHaveCount(2);
  await expect(page.getByText(/^Версия 2/u)).toBeVisible();
  await expect(page.getByText('Восстановлен несохранённый черновик этого дня')).toHaveCount(0);
  await page.context().close();
});

test('in a 231-item day an editor puts a clip at a time, another at that time to the second, and moves one 50 places from the keyboard', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const published = await createApiClient({ baseUrl: site() })('videoCatalogue', { query: { page: 1 } });
  const [a, b, clip] = published.results;
  expect(clip, 'three published videos of the demo catalogue').toBeDefined();
  const token = readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'admin-token'), 'utf8').trim();
  const date = addDays(wallClock(new Date()).date, 23);
  const items = Array.from({ length: 231 }, (_, index) => ({
    id: (index % 2 === 0 ? a : b)!.id,
    startsAt: null,
    isAd: false,
  }));
  await createAdminClient({ baseUrl: site(), token })('scheduleWrite', {
    params: { channel: 'tv', date },
    body: { startsAt: '06:00:00', finishedText: '', items },
  });
  const page = await editor(browser);
  await page.goto(`${site()}/studio/schedule/tv/${date}`);
  await expectDayLength(page, 231);
  await expect(page.getByTestId('timeline-row')).toHaveCount(231);
  // The list draws the rows near the screen, not the day's 231 (each of which is ~20 nodes).
  await expect(dayItems(page).first()).toHaveAttribute('aria-setsize', '231');
  expect(await dayItems(page).count()).toBeLessThan(40);
  const rows = await timelineRows(page);
  const clock = (t: number): string => wallClock(new Date(t)).time;
  // Five seconds into the 151st item: the clip goes before the 152nd, and starts when it did.
  const at = clock(rows[150]!.start + 5000);

  const interaction = Date.now();
  await page.getByRole('radio', { name: 'Ко времени' }).check();
  await page.getByLabel('Время', { exact: true }).fill(at);
  await addFromCatalogue(page, clip!.name);
  expect(Date.now() - interaction, 'milliseconds of interaction for an insert at a time').toBeLessThan(30_000);
  await expect(page.getByText(`«${clip!.name}» — место 152 из 232.`)).toBeVisible();
  await expect(await dayItem(page, 151)).toContainText(clip!.name);
  await expect(page.locator('.timeline[aria-busy="false"]')).toBeVisible();
  await expect(page.getByTestId('timeline-row')).toHaveCount(232);
  expect((await timelineRows(page))[151]).toEqual({ start: rows[151]!.start, name: clip!.name });

  // To the second: the same time as the clip's fixed start, which cuts the item on the air then.
  await page.getByRole('checkbox', { name: /Точно в это время/u }).check();
  await addFromCatalogue(page, clip!.name);
  await expect(await dayItem(page, 151)).toContainText(clip!.name);
  await expect(await dayItem(page, 151)).toContainText(`Точно в ${at}`);
  await expect(page.locator('.timeline[aria-busy="false"]')).toBeVisible();
  await expect(page.getByTestId('timeline-cut')).toHaveCount(1);
  const fixed = (await timelineRows(page))[151];
  expect(fixed).toEqual({ start: rows[150]!.start + 5000, name: clip!.name });

  // The keyboard: the first of the two clips picked up, 50 places up, put down: exactly there.
  const handles = page.getByRole('button', { name: `Переставить: ${clip!.name}` });
  await handles.first().focus();
  await page.keyboard.press('Space');
  for (let press = 0; press < 50; press += 1) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect(page.getByText(`«${clip!.name}» поставлено: место 102 из 233.`)).toBeAttached();
  await expect(handles.first()).toBeFocused();
  await expect(page.locator('li[aria-posinset="102"]')).toContainText(clip!.name);
  await expect(page.locator('li[aria-posinset="102"]').getByRole('button', { name: /^Переставить/u })).toBeFocused();
  await expect(await dayItem(page, 152)).toContainText(clip!.name);
  await expect
    .poll(async () => {
      const names = (await timelineRows(page)).map((row) => row.name);
      return [names.indexOf(clip!.name), names.lastIndexOf(clip!.name)];
    })
    .toEqual([101, 152]);

  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('День сохранён.')).toBeVisible();
  await page.context().close();
});

test('a save refused for a colleague’s save shows both sides, and the editor carries over only some changes', async ({
  browser,
}) => {
  const { videos, date, write } = await dayOfThree(24);
  const [a, b, c] = videos;
  await write([a.id, b.id], 'Было');
  const page = await editor(browser);
  await page.goto(`${site()}/studio/schedule/tv/${date}`);
  await expect(dayItems(page)).toHaveCount(2);
  // Mine: the first item out, another in at the end.
  await page.getByRole('button', { name: `Убрать «${a.name}» из дня` }).click();
  await addFromCatalogue(page, c.name);
  // Theirs, meanwhile: the first programme again at the end, and the day's closing words.
  await write([a.id, b.id, a.id], 'Стало');

  await page.getByRole('button', { name: 'Сохранить' }).click();
  const dialog = page.getByRole('dialog', { name: 'День уже изменили' });
  await expect(dialog.getByRole('listitem')).toHaveText([
    'Изменено: текст после окончания эфира — «Стало»',
    `Добавлено «${a.name}» после «${b.name}»`,
  ]);
  const removal = dialog.getByRole('checkbox', { name: `Убрано «${a.name}» (место 1)` });
  await expect(removal).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: `Добавлено «${c.name}» после «${b.name}»` })).toBeChecked();
  await removal.uncheck();
  await dialog.getByRole('button', { name: 'Перенести в их версию: 1' }).click();
  await expect(dialog).toBeHidden();
  await expect(dayItems(page)).toHaveCount(4);
  for (const [place, video] of [a, b, c, a].entries())
    await expect(dayItems(page).nth(place)).toContainText(video.name);
  await expect(page.getByLabel('Текст после окончания эфира')).toHaveValue('Стало');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('День сохранён.')).toBeVisible();
  // As stored: their version with my one change carried over.
  const stored = await page.evaluate(
    async (url) =>
      (
        (await (await fetch(url)).json()) as {
          day: { revision: number; finishedText: string; items: { id: number }[] };
        }
      ).day,
    studioUrl('scheduleDay', { params: { channel: 'tv', date } }),
  );
  expect(stored.revision).toBe(3);
  expect(stored.finishedText).toBe('Стало');
  expect(stored.items.map((item) => item.id)).toEqual([a.id, b.id, c.id, a.id]);
  await page.context().close();
});

test('an earlier version of a day opens from its saves and is saved again as the day', async ({ browser }) => {
  const { videos, date, write } = await dayOfThree(25);
  const [a, b, c] = videos;
  await write([a.id, b.id], 'Вчерашняя');
  await write([c.id], 'Сегодняшняя');
  const page = await editor(browser);
  await page.goto(`${site()}/studio/schedule/tv/${date}`);
  await expect(dayItems(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Версии' }).click();
  const dialog = page.getByRole('dialog', { name: 'Версии дня' });
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  await expect(dialog.getByRole('listitem').first()).toContainText('Сейчас');
  await dialog.getByRole('button', { name: 'Открыть версию 1' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Открыта версия 1: проверьте и сохраните.')).toBeVisible();
  await expect(dayItems(page)).toHaveCount(2);
  await expect(page.getByLabel('Текст после окончания эфира')).toHaveValue('Вчерашняя');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('День сохранён.')).toBeVisible();
  await expect(page.getByText(/^Версия 3/u)).toBeVisible();
  await page.reload();
  await expect(dayItems(page)).toHaveCount(2);
  for (const [place, video] of [a, b].entries()) await expect(dayItems(page).nth(place)).toContainText(video.name);
  await page.context().close();
});

test('the audit reads a save of a day as its programmes, and an earlier version opens from it in the editor', async ({
  browser,
}) => {
  const { videos, date, write } = await dayOfThree(26);
  const [a, b, c] = videos;
  await write([a.id, b.id], 'Вчерашняя');
  await write([c.id, a.id], 'Сегодняшняя');
  const page = await editor(browser, adminLogin);
  await page.goto(`${site()}/studio/audit?entity=schedule-tv&action=schedule.write`);
  const inWords = new Date(`${date}T12:00:00Z`).toLocaleDateString('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const saves = page.getByRole('row').filter({ hasText: `Сетка телеканала, ${inWords}` });
  await expect(saves).toHaveCount(2);
  const [newest, oldest] = [saves.first(), saves.last()];
  await expect(newest).toContainText('Сетка дня сохранена');
  await newest.getByText(/^Изменения:/u).click();
  await expect(newest.getByRole('listitem')).toHaveText([
    'Текст после окончания эфира: Вчерашняя → Сегодняшняя',
    `− «${b.name}» — было место 2`,
    `+ «${c.name}» — место 1`,
  ]);
  await oldest.getByText(/^Первое сохранение:/u).click();
  await oldest.getByRole('link', { name: 'Открыть версию 1 в редакторе' }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/schedule/tv/${date}$`, 'u'));
  await expect(page.getByText('Открыта версия 1: проверьте и сохраните.')).toBeVisible();
  await expect(page.getByLabel('Текст после окончания эфира')).toHaveValue('Вчерашняя');
  for (const [place, video] of [a, b].entries()) await expect(dayItems(page).nth(place)).toContainText(video.name);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.getByText('День сохранён.')).toBeVisible();
  await expect(page.getByText(/^Версия 3/u)).toBeVisible();
  await page.context().close();
});

test('in the week an editor moves a programme to another day at a time, and both days show it', async ({ browser }) => {
  const first = await dayOfThree(27);
  const next = await dayOfThree(28);
  const [a, b, c] = first.videos;
  await first.write([a.id, b.id, c.id], 'Первый');
  await next.write([c.id], 'Второй');
  const page = await editor(browser);
  await page.goto(`${site()}/studio/schedule-week/tv/${first.date}`);
  const label = (date: string) =>
    new Date(`${date}T12:00:00Z`).toLocaleDateString('ru-RU', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
  const programmes = (date: string) =>
    page.getByRole('list', { name: `Передачи: ${label(date)}` }).getByRole('listitem');
  const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  const named = (text: string) => new RegExp(literal(text), 'u');
  const days = page.getByTestId('week-day');
  await days.first().getByText('Передачи (3)').click();
  await expect(programmes(first.date)).toHaveCount(3);
  await programmes(first.date)
    .nth(1)
    .getByRole('button', { name: new RegExp(`^Перенести «${literal(b.name)}»`, 'u') })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Перенести передачу' });
  await dialog.getByLabel('День').selectOption(next.date);
  // Before the next day's only programme, which starts at 09:00.
  await dialog.getByLabel('Время').fill('09:00:00');
  await dialog.getByRole('button', { name: 'Перенести' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Перенесено: «${b.name}» — ${label(next.date)}, место 1.`)).toBeVisible();
  await expect(programmes(first.date)).toHaveText([named(a.name), named(c.name)]);
  await days.nth(1).getByText('Передачи (2)').click();
  await expect(programmes(next.date)).toHaveText([named(`09:00:00${b.name}`), named(c.name)]);

  // By pointer: a programme dragged onto the next day's bar at about 20:00 fills the dialog so.
  const drag = async (from: Locator, to: Locator, share: number): Promise<void> => {
    const grip = await from.boundingBox();
    const bar = await to.boundingBox();
    if (grip === null || bar === null) throw new Error('nothing to drag or to drop on');
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2 + 10, { steps: 3 });
    await page.mouse.move(bar.x + bar.width * share, bar.y + bar.height / 2, { steps: 10 });
    await page.mouse.up();
  };
  await drag(programmes(first.date).last().locator('.week__grip'), page.getByTestId('week-bar').nth(1), 20 / 24);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('День')).toHaveValue(next.date);
  const dropped = await dialog.getByLabel('Время').inputValue();
  expect(Math.abs(Number(dropped.slice(0, 2)) * 60 + Number(dropped.slice(3, 5)) - 20 * 60)).toBeLessThan(30);
  await dialog.getByRole('button', { name: 'Перенести' }).click();
  await expect(dialog).toBeHidden();
  await expect(programmes(first.date)).toHaveText([named(a.name)]);
  await expect(programmes(next.date)).toHaveText([named(b.name), named(c.name), named(c.name)]);

  // A day dragged by its name onto another opens the copy to that day (the lists closed, so that
  // both days are in view).
  await page.reload();
  await drag(days.first().locator('.week__label .week__grip'), page.getByTestId('week-bar').nth(3), 0.5);
  const copy = page.getByRole('dialog', { name: 'Копировать день' });
  await expect(copy.getByLabel('С', { exact: true })).toHaveValue(addDays(first.date, 3));
  await expect(copy.getByLabel('По', { exact: true })).toHaveValue(addDays(first.date, 3));
  await page.context().close();
});

test('the day on the air marks what already aired as such, and the save stays in reach down a long list', async ({
  browser,
}) => {
  const videoId = Number(process.env.E2E_VIDEO_ID);
  // Began 100 s ago: the 20 s video twenty times, the first four over.
  await writeToday('tv', { startsIn: -100, items: Array.from({ length: 20 }, () => ({ id: videoId })), tickers: [] });
  const page = await editor(browser);
  await page.goto(`${site()}/studio/schedule/tv/${wallClock(new Date()).date}`);
  await expect(page.getByTestId('airs-from')).toBeVisible();
  // Until the viewers' picture is known the rows before the version's start count as aired; read
  // them once the «now» line has its place.
  const now = page.getByTestId('timeline-now');
  await expect(now).toBeVisible();
  const past = page.getByTestId('timeline-row').and(page.locator('[data-past="true"]'));
  await expect.poll(() => past.count()).toBeGreaterThanOrEqual(4);
  for (const row of await past.all()) await expect(row).toContainText('Вышло');
  await expect(page.getByTestId('timeline-row').and(page.locator('[data-past="false"]')).first()).not.toContainText(
    'Вышло',
  );
  // «Now» is where the viewers' players are: the on-air desk's player in another tab.
  await expect(now).toBeInViewport();
  await expect(page.getByTestId('timeline-row').and(page.locator('[data-airing="true"]'))).toContainText('В эфире');
  const desk = await page.context().newPage();
  await desk.goto(`${site()}/studio/on-air`);
  const card = desk.getByTestId('now-tv');
  await expect(card).toHaveAttribute('data-clock', 'picture', { timeout: 20_000 });
  const [line, picture] = await Promise.all([now.getAttribute('data-at'), card.getAttribute('data-at')]);
  expect(Math.abs(Number(line) - Number(picture))).toBeLessThan(targetDuration * 1000);
  const length = Number((await page.getByTestId('day-length').textContent())?.split(' ')[0]);
  await dayItem(page, length - 1);
  await expect(page.getByRole('button', { name: 'Сохранить' })).toBeInViewport();
  await page.context().close();
});
