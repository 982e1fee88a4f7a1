// `npm run efir`: the real command on its own database and against a running site, and the same
// commands run in this process (cli/commands.ts), which the command only wraps.
import { apiUrl, iptvPaths, studioLimits } from '@efir/contract';
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { runEfir } from '../src/cli/commands.ts';
import { dataDirHolder, lockDataDir } from '../src/db/data-dir-lock.ts';
import { childEnv, localServerEnv } from './server-process.ts';
import { openDatabase } from '../src/db/database.ts';
import { studioUser } from '../src/db/schema/index.ts';
import { locateMediaTools } from '../src/media/ffmpeg.ts';
import { passwordMatches } from '../src/studio/passwords.ts';
import { freePorts } from './free-port.ts';
import { makeClip } from './media-fixtures.ts';

const cli = new URL('../src/cli/efir.ts', import.meta.url).pathname;
const seed = new URL('../src/cli/seed.ts', import.meta.url).pathname;
const server = new URL('../src/server.ts', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'efir-cli-test-'));
const dataDir = join(work, 'data');
const [port = 0, mediaPort = 0] = await freePorts(2);
const env = childEnv(localServerEnv(port, mediaPort, dataDir));

/** The real command, a Node process of its own. */
function efirProcess(...args: string[]): { code: number | null; out: string } {
  const result = spawnSync(process.execPath, [cli, ...args], { env, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

/** The same commands in this process, `input` on their standard input. */
async function efirWith(input: string | undefined, ...args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runEfir(args, {
    env,
    readStdin: () => input ?? '',
    print: (line) => (out += `${line}\n`),
    complain: (line) => (out += `${line}\n`),
  });
  return { code, out };
}

const efir = (...args: string[]) => efirWith(undefined, ...args);

beforeAll(async () => {
  const tools = await locateMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  makeClip(tools.ffmpeg, join(work, 'clip.mp4'), { seconds: 3, size: '320x180' });
  execFileSync(process.execPath, [seed], { env });
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('efir CLI', { timeout: 60_000 }, () => {
  it('ingests a video with no site running, showing the job to its end', () => {
    const run = efirProcess(
      'ingest',
      'video',
      join(work, 'clip.mp4'),
      '--name',
      'Из командной строки',
      '--category',
      '2',
    );
    expect(run.out).toMatch(/job 1 video «Из командной строки» done 100 % → video \d+/u);
    expect(run.code).toBe(0);
  });

  it('names the file and the reason and exits non-zero on failure', async () => {
    const missing = efirProcess('ingest', 'video', join(work, 'nope.mp4'), '--name', 'Нет', '--category', '2');
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('nope.mp4: no such file');
    const wrongCategory = await efir('ingest', 'video', join(work, 'clip.mp4'), '--name', 'Нет', '--category', '999');
    expect(wrongCategory.code).toBe(1);
    expect(wrongCategory.out).toContain('clip.mp4: no video category 999');
  });

  it('takes subtitle files for a video, and refuses a bad one naming its line', async () => {
    writeFileSync(join(work, 'ru.srt'), '1\n00:00:01,000 --> 00:00:02,000\nЗдравствуйте\n');
    writeFileSync(join(work, 'en.vtt'), 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n');
    writeFileSync(join(work, 'bad.vtt'), 'WEBVTT\n\n00:00:01.000 -> 00:00:02.000\nHello\n');
    const clip = join(work, 'clip.mp4');
    const run = await efir(
      ...['ingest', 'video', clip, '--name', 'С титрами', '--category', '2'],
      ...['--subtitles', join(work, 'ru.srt'), '--subtitles', `en:English:${join(work, 'en.vtt')}`],
    );
    expect(run.out).toMatch(/«С титрами» done 100 % → video \d+/u);
    const masters = readdirSync(join(dataDir, 'media'), { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith('master.m3u8'))
      .map((path) => readFileSync(join(dataDir, 'media', path), 'utf8'))
      .filter((text) => text.includes('TYPE=SUBTITLES'));
    expect(masters).toHaveLength(1);
    expect(masters[0]).toContain('LANGUAGE="ru",NAME="Русский"');
    expect(masters[0]).toContain('LANGUAGE="en",NAME="English"');
    const bad = await efir(
      ...['ingest', 'video', clip, '--name', 'Плохие титры', '--category', '2'],
      ...['--subtitles', join(work, 'bad.vtt')],
    );
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('bad.vtt, line 3: a cue needs a timing line');
    const radio = await efir(
      ...['ingest', 'radio', clip, '--name', 'Р', '--author', 'А', '--category', '1'],
      ...['--subtitles', join(work, 'ru.srt')],
    );
    expect(radio.code).toBe(2);
    expect(radio.out).toContain('--subtitles: a radio has no picture');
  });

  it('explains its usage on a wrong call (exit 2)', async () => {
    const run = efirProcess('ingest', 'video', join(work, 'clip.mp4'), '--category', '2');
    expect(run.code).toBe(2);
    expect(run.out).toContain('--name');
    expect(run.out).toContain('usage:');
    expect((await efir('fly')).code).toBe(2);
  });

  it('makes studio accounts: a password read from standard input, or one made and printed once', async () => {
    const given = await efirWith(
      'correct horse battery\n',
      'user',
      'add',
      'Anna',
      '--role',
      'admin',
      '--password-stdin',
    );
    expect(given.code, given.out).toBe(0);
    expect(given.out).toContain('anna admin');
    expect(given.out).not.toContain('password:');

    const made = await efir('user', 'add', 'boris', '--role', 'editor');
    expect(made.code, made.out).toBe(0);
    const password = /password: (\S+)/u.exec(made.out)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(studioLimits.passwordMin);

    expect((await efir('user', 'add', 'boris', '--role', 'editor')).code).toBe(1);
    const short = await efirWith('short\n', 'user', 'add', 'vera', '--role', 'editor', '--password-stdin');
    // Checked before anything is opened, as a wrong call is.
    expect(short.code).toBe(2);
    expect(short.out).toContain(String(studioLimits.passwordMin));
    expect((await efir('user', 'add', 'vera', '--role', 'janitor')).code).toBe(2);

    expect((await efir('user', 'role', 'boris', 'moderator')).code).toBe(0);
    expect((await efir('user', 'disable', 'boris')).code).toBe(0);
    const listed = (await efir('user', 'list')).out;
    expect(listed).toMatch(/anna admin/u);
    expect(listed).toMatch(/boris moderator.*disabled/u);
    // The last admin stays one.
    const last = await efir('user', 'disable', 'anna');
    expect(last.code).toBe(1);
    expect((await efir('user', 'list')).out).not.toMatch(/anna admin.*disabled/u);

    // The password given works in the studio, as the account's; the made one was never kept.
    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      const [anna] = await database.db.select().from(studioUser).where(eq(studioUser.login, 'anna'));
      expect(await passwordMatches(anna?.passwordHash, 'correct horse battery')).toBe(true);
      const [boris] = await database.db.select().from(studioUser).where(eq(studioUser.login, 'boris'));
      expect(boris?.passwordHash).not.toContain(password);
      expect(await passwordMatches(boris?.passwordHash, password)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('adds a channel to the database with no site running, and refuses a slug it cannot take', async () => {
    const added = await efir('channel', 'add', 'kino', '--name', 'Кино', '--kind', 'video');
    expect(added.code, added.out).toBe(0);
    expect(added.out).toContain('kino video «Кино» (aired from the next start)');
    expect((await efir('channel', 'add', 'kino', '--name', 'Другое', '--kind', 'audio')).code).toBe(1);
    const wrong = await efir('channel', 'add', 'Kino!', '--name', 'Кино', '--kind', 'video');
    expect(wrong.code).toBe(2);
    expect(wrong.out).toContain('Адрес канала');
    expect((await efir('channel', 'add', 'kino2', '--name', 'Кино', '--kind', 'film')).code).toBe(2);
    expect((await efir('channel', 'add', 'media', '--name', 'Кино', '--kind', 'video')).code).toBe(1);
    expect((await efir('channel', 'list')).out.trim().split('\n')).toEqual([
      'tv video «Эфир» (main)',
      'radio audio «Радио «Эфир»» (main)',
      'kino video «Кино»',
    ]);
  });

  it('given only DATA_DIR, finds the site on another port, queues there, and the item survives a restart', async () => {
    expect((await efir('jobs')).out).toContain('failed');
    // The site listens on ports of its own; the command line's PORT names one where nothing does.
    const [sitePort = 0, siteMediaPort = 0] = await freePorts(2);
    const siteEnv: Record<string, string> = { ...env, PORT: String(sitePort), MEDIA_PORT: String(siteMediaPort) };
    const at = `http://127.0.0.1:${String(sitePort)}`;
    const startSite = async (): Promise<ChildProcess> => {
      const site = spawn(process.execPath, [server], { env: siteEnv, stdio: 'ignore' });
      await expect
        .poll(
          () =>
            fetch(`${at}${apiUrl('videoCategories')}`).then(
              (r) => r.ok,
              () => false,
            ),
          { timeout: 60_000, interval: 250 },
        )
        .toBe(true);
      // The site says where it listens once it does: what the command line reads.
      await expect.poll(async () => (await dataDirHolder(dataDir))?.site, { timeout: 10_000 }).toBe(at);
      return site;
    };
    const stopSite = async (site: ChildProcess): Promise<void> => {
      const ended = new Promise((resolve) => site.once('exit', resolve));
      site.kill('SIGTERM');
      await ended;
    };
    let site = await startSite();
    try {
      const run = await efir(
        'ingest',
        'radio',
        join(work, 'clip.mp4'),
        '--name',
        'Эфирный звук',
        '--author',
        'Хор',
        '--category',
        '1',
      );
      expect(run.out).toContain('(queued on the running site)');
      expect(run.out).toMatch(/done 100 % → radio \d+/u);
      expect(run.code).toBe(0);
      // The channel added without the site is aired since it started; one added now, at once.
      const podcast = await efir('channel', 'add', 'podcast', '--name', 'Подкаст', '--kind', 'audio');
      expect(podcast.out).toContain('podcast audio «Подкаст» (on the air)');
      const channels = await (await fetch(`${at}${iptvPaths.channels}`)).text();
      expect(channels).toContain('tvg-id="efir.kino"');
      expect(channels).toContain(`/podcast/m3u/stream.m3u8`);
      await stopSite(site);
      // Restarted with the operators' calls on a port of their own: the command line finds them there.
      const [adminPort = 0] = await freePorts(1);
      siteEnv.ADMIN_LISTEN = `127.0.0.1:${String(adminPort)}`;
      site = await startSite();
      await expect
        .poll(async () => (await dataDirHolder(dataDir))?.admin, { timeout: 10_000 })
        .toBe(`http://127.0.0.1:${String(adminPort)}`);
      const listed = await efir('jobs');
      expect(listed.out).toContain('done');
      expect(listed.code).toBe(0);
      const found = (await (
        await fetch(`${at}${apiUrl('searchRadios', { params: { q: 'Эфирный звук' } })}`)
      ).json()) as { name: string; link_radio: string }[];
      expect(found[0]?.name).toBe('Эфирный звук');
      const playlist = await fetch(`http://127.0.0.1:${String(siteMediaPort)}${found[0]!.link_radio}`);
      expect(playlist.status).toBe(200);
      const text = await playlist.text();
      expect(text).toContain('#EXT-X-ENDLIST');
      const segment = text.split('\n').find((line) => line.endsWith('.ts')) ?? '';
      const bytes = await fetch(new URL(segment, `http://127.0.0.1:${String(siteMediaPort)}${found[0]!.link_radio}`));
      expect(bytes.status).toBe(200);
      expect((await bytes.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    } finally {
      await stopSite(site);
    }
  });

  it('refuses to open the database of a folder another process holds, naming it', async () => {
    const lock = await lockDataDir(dataDir);
    try {
      const run = await efir('user', 'list');
      expect(run.code).toBe(1);
      expect(run.out).toContain(`is in use by process ${String(process.pid)}`);
    } finally {
      await lock.release();
    }
  });
});
