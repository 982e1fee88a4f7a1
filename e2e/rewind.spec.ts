// Start over and rewind on the live channels as a viewer uses them: «С начала» plays the
// programme on air from its first second, the seek bar goes back an hour, «В эфир» comes back to
// where live viewers are; the radio likewise; a regional copy is chosen and remembered.
import { apiUrl, instantOf, livePictureAt, rewindParameters, type TeleprogramItem } from '@efir/contract';
import { expect, type Page, type Response, test } from '@playwright/test';
import { startSite, useSite } from './support/site.ts';
import { wallClock, writeToday } from './support/schedule.ts';
import { runTimeZone } from './support/time-zone.ts';
import { open, radioId, site, videoId } from './web/helpers.ts';

useSite();

test.describe.configure({ mode: 'serial' });

/** The target duration of the channels' playlists (s): how near live «В эфир» must come back. */
const targetDuration = 4;
/** How soon (s) a programme written now can start on air from its first second: the channel has
 * decided what it airs 10 s ahead, to the end of the segment under way (4 s of filler at most);
 * and a start is written in whole seconds, and reaches the site a moment after it is written. */
const joinsAfterSeconds = 17;

const player = (page: Page) => page.locator('.live-tv video');
const bar = (page: Page) => page.getByRole('group', { name: 'Перемотка телеэфира' });
const seek = (page: Page) => bar(page).getByRole('slider', { name: 'Перемотка эфира' });
// The seek bar's instant is read from its `value` attribute, the instant the page gave it to the
// millisecond: its `value` property is where the thumb stands, snapped to the bar's whole-second
// steps (a picture-to-picture gap of 3.6 s read as 4 s and then some).

/** The picture's wall-clock time as the page has it (its seek bar's value, from the playlist's
 * PROGRAM-DATE-TIME at the playhead), and the playhead's position from the start of what can be
 * played (seconds). */
async function playhead(page: Page): Promise<{ at: number; fromStart: number; time: number }> {
  const at = Number(await seek(page).getAttribute('value'));
  const { fromStart, time } = await player(page).evaluate((video: HTMLVideoElement) => ({
    fromStart: video.seekable.length === 0 ? Number.NaN : video.currentTime - video.seekable.start(0),
    time: video.currentTime,
  }));
  return { at, fromStart, time };
}

/** The playhead read the moment the seek bar next moves, bar and player in the same instant: a
 * reading between the bar's once-a-second moves would find it up to a second stale. */
async function playheadAsTheBarMoves(page: Page): Promise<{ at: number; fromStart: number; time: number }> {
  const video = await player(page).elementHandle();
  return seek(page).evaluate(async (input: HTMLInputElement, media) => {
    const element = media as HTMLVideoElement;
    const before = input.getAttribute('value');
    const deadline = performance.now() + 3000;
    while (input.getAttribute('value') === before && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return {
      at: Number(input.getAttribute('value')),
      fromStart: element.seekable.length === 0 ? Number.NaN : element.currentTime - element.seekable.start(0),
      time: element.currentTime,
    };
  }, video);
}

/** How far the picture is behind the wall clock (ms): the seek bar's instant the moment it next
 * moves, less that moment. */
async function behindClock(page: Page): Promise<number> {
  return seek(page).evaluate(async (input: HTMLInputElement) => {
    const before = input.getAttribute('value');
    const deadline = performance.now() + 3000;
    while (input.getAttribute('value') === before && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return Date.now() - Number(input.getAttribute('value'));
  });
}

/** Sets the seek bar as a drag would, to the instant `at` (ms). */
async function seekTo(page: Page, at: number): Promise<void> {
  await seek(page).fill(String(at));
}

/** When a day's item starts, as the site's programme calls give it (its time on today's date). */
async function itemStart(channel: 'tv' | 'radio', dayId: number, index: number): Promise<number> {
  const url =
    channel === 'tv'
      ? apiUrl('teleprogramVideosWithAds', { params: { id: dayId } })
      : apiUrl('radioprogramRadiosWithAds', { params: { id: dayId } });
  const answer = (await (await fetch(`${site()}${url}`)).json()) as {
    results: Pick<TeleprogramItem, 'time_to_start'>[];
  };
  const time = answer.results[index]?.time_to_start ?? '';
  return instantOf(runTimeZone(), wallClock(new Date()).date, time);
}

/**
 * Waits until the channel airs the day just written: it joins a new schedule after what it has
 * already listed (up to 10 s), and a player that comes before plays the day before the edit,
 * closed (`#EXT-X-ENDLIST`), to its end first.
 */
async function untilJoined(channel: 'tv' | 'radio', dayId: number, written: number, count: number): Promise<void> {
  const call = channel === 'tv' ? apiUrl('teleprogramRunStatus') : apiUrl('radioprogramToday');
  await expect
    .poll(
      async () => {
        const run = (await (await fetch(`${site()}${call}`)).json()) as { id: number; index: number } | 'none';
        return Date.now() - written > 11_000 && run !== 'none' && run.id === dayId && run.index < count;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** The first PROGRAM-DATE-TIME of a playlist. */
const firstDate = (text: string): number =>
  Date.parse(/#EXT-X-PROGRAM-DATE-TIME:(\S+)/u.exec(text)?.[1] ?? 'not a date');

const rewound = (response: Response, path: string): boolean =>
  response.url().includes(`${path}?${rewindParameters.start}=`) && response.status() === 200;

test('«С начала» plays the programme on air from its first second, the seek bar goes back an hour, «В эфир» returns to live', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const id = Number(videoId());
  // The programme starts after what the channel has already decided to air (10 s ahead of the
  // clock, to the end of the segment under way: a 4 s one of filler at most), so it airs from its
  // first second; filler before it, the same video after.
  const written = Date.now();
  const dayId = await writeToday('tv', {
    startsIn: -600,
    items: [{ id, startsIn: -600 }, { id, startsIn: joinsAfterSeconds }, { id }, { id }, { id }],
  });
  const programmeStart = await itemStart('tv', dayId, 1);
  await untilJoined('tv', dayId, written, 5);
  await open(page, '/');
  await expect.poll(async () => (await playhead(page)).time, { timeout: 20_000 }).toBeGreaterThan(1);
  // Into the programme by a few seconds as the live picture shows it (a few target durations
  // behind the clock).
  await expect.poll(() => Date.now(), { timeout: 40_000 }).toBeGreaterThan(programmeStart + 16_000);
  await expect(bar(page).getByRole('button', { name: 'В эфир' })).toBeDisabled();

  // What the rewound player fetches: its playlists and then its segments. The live player asks
  // for its segments until the click replaces it, so the list starts at the first rewound call.
  const fetched: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (fetched.length > 0 || url.includes(`?${rewindParameters.start}=`)) fetched.push(url);
  });
  const playlist = page.waitForResponse(
    (response) => rewound(response, '/stream.m3u8') && /\/tv\/\d+\//u.test(response.url()),
  );
  await bar(page).getByRole('button', { name: 'С начала' }).click();
  const asked = await playlist;
  // The page asks for the programme's first second, and the channel's playlist starts there.
  expect(new URL(asked.url()).searchParams.get(rewindParameters.start)).toBe(String(programmeStart / 1000));
  const text = await asked.text();
  expect(firstDate(text)).toBe(programmeStart);
  expect(text).toContain('#EXT-X-START:TIME-OFFSET=0.000,PRECISE=YES');
  await expect(page.locator('.live-tv__badge')).toHaveText('Запись эфира');
  // It plays from the playlist's first segment: the programme's first second.
  const firstSegment = /^(\/media\/\S+\.ts)$/mu.exec(text)?.[1] ?? 'no segment';
  await expect.poll(() => fetched.find((url) => url.endsWith('.ts')), { timeout: 15_000 }).toBeDefined();
  const firstFetched = new URL(fetched.find((url) => url.endsWith('.ts')) ?? '').pathname;
  expect(firstFetched.replace(/\/\d+\/seg_/u, '/R/seg_')).toBe(firstSegment.replace(/\/\d+\/seg_/u, '/R/seg_'));
  // The picture's date is the programme's start plus what has played, read as the bar moves.
  const fromItsStart = (state: { at: number; fromStart: number }): boolean =>
    Math.abs(state.at - (programmeStart + state.fromStart * 1000)) < 2000;
  let first: { at: number; fromStart: number; time: number } | undefined;
  await expect
    .poll(
      async () => {
        first = await playheadAsTheBarMoves(page);
        return first.time > 1.5 && fromItsStart(first);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(first!.fromStart, 'the picture starts at the playlist’s first segment').toBeLessThan(5);
  const later = await playhead(page);
  await expect.poll(async () => (await playhead(page)).time, { timeout: 5000 }).toBeGreaterThan(later.time + 1);
  expect(fromItsStart(await playheadAsTheBarMoves(page))).toBe(true);
  await expect(page.locator('.live-strip__item--watched, .live-strip__item[aria-current="true"]')).not.toHaveCount(0);

  // An hour back on the seek bar.
  const hourBack = Date.now() - 3_600_000;
  const startOf = (response: Response): number =>
    Number(new URL(response.url()).searchParams.get(rewindParameters.start)) * 1000;
  // The stream rewound to the programme's start goes on asking for its own playlist meanwhile:
  // the seek's is the one that starts more than half an hour back.
  const back = page.waitForResponse(
    (response) => rewound(response, '/tv/720/stream.m3u8') && startOf(response) < Date.now() - 1_800_000,
  );
  await seekTo(page, hourBack);
  const backAsked = await back;
  const backFrom = startOf(backAsked);
  expect(Math.abs(backFrom - hourBack)).toBeLessThan(2000);
  await expect
    .poll(
      async () => {
        const now = await playhead(page);
        return now.time > 0.5 && Math.abs(now.at - backFrom) < 15_000;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const hourAgo = await playhead(page);
  await expect.poll(async () => (await playhead(page)).time, { timeout: 5000 }).toBeGreaterThan(hourAgo.time + 1);
  expect(
    await bar(page)
      .getByText(/−1:0\d:\d\d/u)
      .count(),
  ).toBeGreaterThan(0);

  // Back to live: where any viewer joining the live playlist then plays (its newest segment's end
  // less two target durations, `livePictureAt`), within one target duration. A second viewer is
  // no yardstick: which segment is newest when each joins puts two joins up to a segment apart.
  const livePlaylist = page.waitForResponse(
    (response) =>
      /\/tv\/\d+\/stream\.m3u8$/u.test(new URL(response.url()).pathname) &&
      !response.url().includes(`?${rewindParameters.start}=`) &&
      response.status() === 200,
  );
  await bar(page).getByRole('button', { name: 'В эфир' }).click();
  const joined = await livePlaylist;
  const joinedAt = Date.now();
  const joinedPicture = livePictureAt(await joined.text());
  expect(joinedPicture, 'the live playlist has dates and a target duration').toBeDefined();
  await expect(page.locator('.live-tv__badge')).toHaveText('Прямой эфир');
  await expect.poll(async () => (await playhead(page)).time, { timeout: 20_000 }).toBeGreaterThan(1);
  // The picture against that join run on since, read the moment the bar moves, a few times.
  const offsets: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const behind = await behindClock(page);
    offsets.push(Math.abs(joinedAt - (joinedPicture ?? 0) - behind));
  }
  offsets.sort((a, b) => a - b);
  expect(offsets[2]).toBeLessThanOrEqual(targetDuration * 1000);
});

test('/radio: «С начала» plays the radio programme on air from its start, «В эфир» returns to live', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = Number(radioId());
  const written = Date.now();
  // After what the channel has decided to air, as on TV.
  const dayId = await writeToday('radio', {
    startsIn: -300,
    items: [{ id }, { id, startsIn: joinsAfterSeconds }, { id }, { id }],
  });
  const programmeStart = await itemStart('radio', dayId, 1);
  await untilJoined('radio', dayId, written, 4);
  await open(page, '/radio');
  const efir = page.locator('section.efir');
  const play = efir.getByRole('button', { name: 'Слушать' });
  await expect(play).toBeEnabled({ timeout: 20_000 });
  await play.click();
  const audioTime = () =>
    page.evaluate(() => document.querySelector<HTMLAudioElement>('section.efir audio')?.currentTime ?? 0);
  await expect.poll(audioTime, { timeout: 10_000 }).toBeGreaterThan(0.5);
  // Live sound is a few target durations behind the clock: into the programme as heard.
  await expect.poll(() => Date.now(), { timeout: 40_000 }).toBeGreaterThan(programmeStart + 20_000);

  const radioBar = page.getByRole('group', { name: 'Перемотка радиоэфира' });
  const playlist = page.waitForResponse((response) => rewound(response, '/radio/m3u/stream.m3u8'));
  await radioBar.getByRole('button', { name: 'С начала' }).click();
  const asked = await playlist;
  expect(new URL(asked.url()).searchParams.get(rewindParameters.start)).toBe(String(programmeStart / 1000));
  // The programme's first segment, which the channel may air up to a few seconds ahead of its time,
  // played from its first frame.
  const text = await asked.text();
  expect(firstDate(text)).toBeGreaterThan(programmeStart - 4000);
  expect(firstDate(text)).toBeLessThanOrEqual(programmeStart);
  expect(/^\S+\.ts$/mu.exec(text)?.[0]).toMatch(/^\/media\/r\/.*seg_00000\.ts$/u);
  expect(text).toContain('#EXT-X-START:TIME-OFFSET=0.000,PRECISE=YES');
  await expect(efir.getByText('Запись эфира')).toBeVisible();
  const first = await audioTime();
  await expect.poll(audioTime, { timeout: 15_000 }).toBeGreaterThan(first + 1);

  await radioBar.getByRole('button', { name: 'В эфир' }).click();
  await expect(efir.getByText('В эфире')).toBeVisible();
  const live = await audioTime();
  await expect.poll(audioTime, { timeout: 15_000 }).toBeGreaterThan(live + 1);
});

test('a regional copy is chosen, plays, and is remembered on both channels', async ({ page }) => {
  test.setTimeout(120_000);
  // A site of its own with copies four hours ahead; its demo schedules cover every day around today.
  const own = await startSite({ TV_SHIFTS: '+4', RADIO_SHIFTS: '+4' });
  try {
    await open(page, '/', { base: own.url });
    // The TV's demo days fill every hour (the slate between items); the radio's end before
    // midnight, so its copy may be off the air (404) at this hour: it is asked for all the same.
    const copyPlaylist = (channel: 'tv' | 'radio') =>
      page.waitForResponse(
        (response) =>
          response.url().includes(`/${channel}/shift/+4/`) && (channel === 'radio' || response.status() === 200),
        { timeout: 30_000 },
      );
    const shift = bar(page).getByLabel('Часовой пояс');
    await expect(shift).toHaveValue('0');
    const tvCopy = copyPlaylist('tv');
    await shift.selectOption({ label: 'Эфир +4 ч' });
    await tvCopy;
    const time = await playhead(page);
    await expect.poll(async () => (await playhead(page)).time, { timeout: 20_000 }).toBeGreaterThan(time.time + 1);

    // Remembered: the page opened again plays the copy, and the radio's bar has it chosen too.
    const again = copyPlaylist('tv');
    await page.reload();
    await again;
    await expect(bar(page).getByLabel('Часовой пояс')).toHaveValue('240');
    const radioCopy = copyPlaylist('radio');
    await open(page, '/radio', { base: own.url });
    await expect(page.getByRole('group', { name: 'Перемотка радиоэфира' }).getByLabel('Часовой пояс')).toHaveValue(
      '240',
    );
    await radioCopy;
  } finally {
    await own.stop();
  }
});
