// Resumable uploads over a real connection: one cut in the middle of the file picks up where the
// server's copy ends and finishes whole; an upload is its owner's alone (another editor can neither
// go on with it, see it, end it nor use it), is never served back, and is used once.
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import {
  type ChannelView,
  csrfHeader,
  iptvPaths,
  mediaPrefix,
  mediaUrl,
  studioLimits,
  studioPrefix,
  studioUploadsPath,
  type StudioVideo,
  subtitleLimits,
} from '@efir/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { findIngest } from '../../src/repositories/ingest-jobs.ts';
import { account, type Signed, signIn, siteOrigin, studioCall, useStudioSite } from './studio-site.ts';

const site = useStudioSite();
let base: string;
let editor: Signed;
let other: Signed;

beforeAll(async () => {
  await site().app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${String((site().app.server.address() as AddressInfo).port)}`;
  editor = await signIn(site(), (await account(site(), 'editor')).id);
  other = await signIn(site(), (await account(site(), 'editor')).id);
});

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One tus request over a connection of its own; `cutAfter` sends only that many bytes of the
 * body, then breaks the connection as a dropped network would. */
function tus(
  signed: Signed,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
  cutAfter?: number,
  at = base,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${at}${path}`,
      {
        method,
        headers: {
          cookie: signed.cookie,
          [csrfHeader]: signed.csrf,
          origin: siteOrigin,
          'tus-resumable': '1.0.0',
          ...(body === undefined ? {} : { 'content-length': String(body.length) }),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text });
        });
      },
    );
    if (cutAfter === undefined) {
      outgoing.on('error', reject);
      outgoing.end(body);
      return;
    }
    outgoing.on('error', () => {
      resolve({ status: 0, headers: {}, body: '' });
    });
    outgoing.write(body?.subarray(0, cutAfter), () => {
      // Let the bytes reach the server before the line drops.
      setTimeout(() => outgoing.destroy(), 300);
    });
  });
}

async function begin(signed: Signed, size: number, name = 'проба.mp4'): Promise<string> {
  const created = await tus(signed, 'POST', `${studioPrefix}${studioUploadsPath}`, {
    'upload-length': String(size),
    'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
  });
  expect(created.status).toBe(201);
  const location = String(created.headers.location);
  expect(location.startsWith(`${studioPrefix}${studioUploadsPath}`)).toBe(true);
  expect(location.slice(`${studioPrefix}${studioUploadsPath}`.length)).toMatch(/^[0-9a-f]{32}$/u);
  return location;
}

/** Sends `body` as the bytes of the upload at `location` from `offset` on (`cutAfter`: see tus). */
function patch(signed: Signed, location: string, offset: number, body: Buffer, cutAfter?: number): Promise<Reply> {
  const headers = { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' };
  return tus(signed, 'PATCH', location, headers, body, cutAfter);
}

/** An upload of the whole of `file`, sent at once; its location. */
async function uploaded(signed: Signed, file: Buffer, name?: string): Promise<string> {
  const location = await begin(signed, file.length, name);
  await patch(signed, location, 0, file);
  return location;
}

/** Asks for a new upload of `size` bytes; the answer as it is. */
function create(signed: Signed, size: number, at = base): Promise<Reply> {
  return tus(
    signed,
    'POST',
    `${studioPrefix}${studioUploadsPath}`,
    { 'upload-length': String(size) },
    undefined,
    undefined,
    at,
  );
}

const offsetOf = async (signed: Signed, location: string): Promise<Reply> => tus(signed, 'HEAD', location, {});

describe('a resumable upload', () => {
  it('survives a connection cut in the middle of the file and finishes whole', async () => {
    const file = randomBytes(3 * 1024 * 1024);
    const location = await begin(editor, file.length);
    const cut = await patch(editor, location, 0, file, 1024 * 1024);
    expect(cut.status).not.toBe(204);
    const head = await offsetOf(editor, location);
    expect(head.status).toBe(200);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(1024 * 1024);
    const rest = await patch(editor, location, offset, file.subarray(offset));
    expect(rest.status).toBe(204);
    expect(Number(rest.headers['upload-offset'])).toBe(file.length);
    const id = location.split('/').pop() ?? '';
    expect(readFileSync(join(site().uploads.directory, id)).equals(file)).toBe(true);
  });

  it('is its owner’s: another editor can neither go on with it, see it, nor end it', async () => {
    const file = randomBytes(64 * 1024);
    const location = await begin(editor, file.length);
    const headers = { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' };
    expect((await tus(other, 'PATCH', location, headers, file)).status).toBe(404);
    expect((await offsetOf(other, location)).status).toBe(404);
    expect((await tus(other, 'DELETE', location, {})).status).toBe(404);
    expect((await tus(editor, 'PATCH', location, headers, file)).status).toBe(204);
  });

  it("cannot be ended by another through its record's name, and every refusal is {detail}", async () => {
    const file = randomBytes(1024);
    const location = await begin(editor, file.length);
    // `<id>.json` is where the store keeps the upload's owner: no id of that shape is an upload.
    for (const path of [`${location}.json`, `${location}%2ejson`, location.slice(0, -1), `${location}/..`]) {
      const refused = await tus(other, 'DELETE', path, {});
      expect(refused.status, path).toBe(404);
      expect(Object.keys(JSON.parse(refused.body) as object), path).toEqual(['detail']);
    }
    const id = location.split('/').pop() ?? '';
    expect(existsSync(join(site().uploads.directory, `${id}.json`))).toBe(true);
    expect((await offsetOf(editor, location)).status).toBe(200);
    // The tus server's own refusals too: a wrong offset, a missing header.
    const conflict = await patch(editor, location, 7, file);
    expect(conflict.status).toBe(409);
    expect(Object.keys(JSON.parse(conflict.body) as object)).toEqual(['detail']);
    const noLength = await tus(editor, 'POST', `${studioPrefix}${studioUploadsPath}`, {});
    expect(noLength.status).toBe(400);
    expect(Object.keys(JSON.parse(noLength.body) as object)).toEqual(['detail']);
  });

  it('is never served back, to anyone', async () => {
    const file = randomBytes(1024);
    const location = await uploaded(editor, file);
    const download = await studioCall(site(), editor, { url: location.slice(studioPrefix.length) });
    expect([404, 405]).toContain(download.statusCode);
    expect(download.rawPayload.includes(file)).toBe(false);
  });

  it('refuses a file over the largest an ingest takes', async () => {
    const created = await tus(editor, 'POST', `${studioPrefix}${studioUploadsPath}`, {
      'upload-length': String(51 * 1024 * 1024),
    });
    expect(created.status).toBe(413);
  });

  it('becomes an item’s media once, by its owner only, and moves out of the uploads', async () => {
    const file = randomBytes(2048);
    const location = await begin(editor, file.length);
    const id = location.split('/').pop() ?? '';
    const add = (signed: Signed) =>
      studioCall(site(), signed, {
        method: 'POST',
        url: '/videos',
        payload: { name: 'Из загрузки', categoryId: 1, upload: id },
      });
    expect((await add(editor)).statusCode).toBe(409);
    await patch(editor, location, 0, file);
    expect((await add(other)).statusCode).toBe(404);
    const made = await add(editor);
    expect(made.statusCode).toBe(200);
    const video = made.json<StudioVideo>();
    expect(video.media).toBe('preparing');
    expect(video.job?.stage).toBe('queued');
    const job = await findIngest(site().database.db, video.job?.id ?? 0);
    expect(job).toMatchObject({ kind: 'video-media', itemId: video.id, priority: 1 });
    expect(existsSync(join(site().uploads.directory, id))).toBe(false);
    expect(readFileSync((job?.source as { file: string }).file).equals(file)).toBe(true);
    expect((await add(editor)).statusCode).toBe(404);
  });

  it('that names a file of the server (an HLS playlist) is no picture, and the refusal names no path', async () => {
    // A picture of the server's own media, which the playlist would publish as the video's preview.
    const elsewhere = join(site().dataDir, 'elsewhere.ts');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i'],
      'testsrc=d=1',
      elsewhere,
    ]);
    const file = Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${elsewhere}\n#EXT-X-ENDLIST\n`);
    const location = await uploaded(editor, file);
    const videos = await studioCall(site(), editor, { method: 'GET', url: '/videos' });
    const target = videos.json<{ results: StudioVideo[] }>().results[0];
    const answer = await studioCall(site(), editor, {
      method: 'PUT',
      url: `/videos/${String(target?.id)}/preview`,
      payload: { upload: location.split('/').pop() },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ detail: 'Это не изображение: нужен JPEG, PNG или WebP.' });
    expect((await studioCall(site(), editor, { method: 'GET', url: `/videos/${String(target?.id)}` })).json()).toEqual(
      target,
    );
  });

  it('is refused past an account’s open uploads (429), and one used makes room', async () => {
    const signed = await signIn(site(), (await account(site(), 'editor')).id);
    const locations: string[] = [];
    for (let i = 0; i < studioLimits.openUploadsPerAccount; i += 1) locations.push(await begin(signed, 1024));
    const refused = await create(signed, 1024);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({
      detail: `Незавершённых загрузок уже ${String(studioLimits.openUploadsPerAccount)}: используйте или удалите прежние.`,
    });
    // Another account is not held back by this one's.
    expect((await create(other, 1024)).status).toBe(201);
    expect((await tus(signed, 'DELETE', locations[0] ?? '', {})).status).toBe(204);
    expect((await create(signed, 1024)).status).toBe(201);
  });

  it('is held to the account’s open uploads when many are begun at once', async () => {
    const signed = await signIn(site(), (await account(site(), 'editor')).id);
    const extra = 3;
    const answers = await Promise.all(
      Array.from({ length: studioLimits.openUploadsPerAccount + extra }, () => create(signed, 1024)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      ...Array<number>(studioLimits.openUploadsPerAccount).fill(201),
      ...Array<number>(extra).fill(429),
    ]);
  });

  it('is begun without data: a creation that carries the file is refused', async () => {
    const answer = await tus(
      editor,
      'POST',
      `${studioPrefix}${studioUploadsPath}`,
      { 'upload-length': '4', 'content-type': 'application/offset+octet-stream' },
      Buffer.from('data'),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'Загрузка начинается без данных: файл отправляется после.' });
  });

  it('is written in the audit log when begun and when removed, naming who did it', async () => {
    const { id, login } = await account(site(), 'editor');
    const signed = await signIn(site(), id);
    const location = await begin(signed, 2048);
    const uploadId = location.split('/').pop();
    expect((await tus(signed, 'DELETE', location, {})).status).toBe(204);
    const rows = await site().database.db.execute<{ action: string; before: unknown; after: unknown }>(
      sql`SELECT action, before, after FROM audit_entry WHERE actor = ${login} ORDER BY id`,
    );
    expect(rows.rows).toEqual([
      { action: 'upload.add', before: null, after: { id: uploadId, name: 'проба.mp4', size: 2048 } },
      { action: 'upload.remove', before: { id: uploadId, name: 'проба.mp4', size: 2048, received: 0 }, after: null },
    ]);
  });

  it('is refused without a length, which no room could be kept for', async () => {
    const deferred = await tus(editor, 'POST', `${studioPrefix}${studioUploadsPath}`, { 'upload-defer-length': '1' });
    expect(deferred.status).toBe(400);
    expect(Object.keys(JSON.parse(deferred.body) as object)).toEqual(['detail']);
  });
});

describe('the disk’s room for uploads', () => {
  const megabyte = 1024 * 1024;
  const roomy = useStudioSite({}, undefined, {
    freeBytes: () => Promise.resolve(studioLimits.uploadDiskReserveBytes + 100 * megabyte),
  });

  it('counts what every open upload has yet to write and keeps the reserve: past it a 413', async () => {
    await roomy().app.listen({ port: 0, host: '127.0.0.1' });
    const at = `http://127.0.0.1:${String((roomy().app.server.address() as AddressInfo).port)}`;
    const [first, second] = [
      await signIn(roomy(), (await account(roomy(), 'editor')).id),
      await signIn(roomy(), (await account(roomy(), 'editor')).id),
    ];
    expect((await create(first, 40 * megabyte, at)).status).toBe(201);
    expect((await create(second, 40 * megabyte, at)).status).toBe(201);
    // 100 MB free beyond the reserve, 80 promised: 40 more do not fit, 20 do.
    const refused = await create(first, 40 * megabyte, at);
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.body)).toEqual({ detail: 'На диске сервера нет места для этого файла: свободно 20 МБ.' });
    expect((await create(second, 20 * megabyte, at)).status).toBe(201);
  });

  it("makes a channel's logo a square picture the IPTV list names, and removes the one it had", async () => {
    const admin = await signIn(site(), (await account(site(), 'admin')).id);
    const added = await studioCall(site(), admin, {
      method: 'POST',
      url: '/channels',
      payload: { slug: 'kino', name: 'Кино', kind: 'video' },
    });
    expect(added.statusCode).toBe(201);
    const picture = join(site().dataDir, 'logo.png');
    execFileSync('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i'],
      'color=c=red:size=400x300',
      ...['-frames:v', '1', picture],
    ]);
    const give = async (signed: Signed, slug: string) =>
      studioCall(site(), signed, {
        method: 'PUT',
        url: `/channels/${slug}/logo`,
        payload: { upload: (await uploaded(signed, readFileSync(picture))).split('/').pop() },
      });
    const first = await give(admin, 'kino');
    expect(first.statusCode, first.body).toBe(200);
    const logo = first.json<ChannelView>().logo ?? '';
    expect(logo).toMatch(/^\/media\/p\/[\w-]+\.jpg$/u);
    const file = join(site().mediaDir, logo.slice(mediaPrefix.length));
    const size = execFileSync('ffprobe', [
      ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file],
    ]);
    expect(size.toString().trim()).toBe('256,256');
    const list = await site().app.inject({ method: 'GET', url: iptvPaths.channels });
    expect(list.body).toContain(`tvg-id="efir.kino" tvg-name="Кино" tvg-logo="${siteOrigin}${logo}"`);
    const second = await give(admin, 'kino');
    expect(second.json<ChannelView>().logo).not.toBe(logo);
    expect(existsSync(file)).toBe(false);
    // No such channel: refused before the upload is used; an editor may not.
    const location = await uploaded(admin, readFileSync(picture));
    const nowhere = await studioCall(site(), admin, {
      method: 'PUT',
      url: '/channels/nowhere/logo',
      payload: { upload: location.split('/').pop() },
    });
    expect(nowhere.statusCode).toBe(404);
    expect((await offsetOf(admin, location)).status).toBe(200);
    expect((await give(editor, 'kino')).statusCode).toBe(403);
  });
});

describe("a video's subtitles from an upload", () => {
  let subtitler: Signed;
  let videoId = 0;
  beforeAll(async () => {
    subtitler = await signIn(site(), (await account(site(), 'editor')).id);
    const added = await studioCall(site(), subtitler, {
      method: 'POST',
      url: '/videos',
      payload: { name: 'Для титров', categoryId: 1 },
    });
    videoId = added.json<StudioVideo>().id;
  });
  const attach = async (signed: Signed, text: string | Buffer, name: string, language = 'en') =>
    studioCall(site(), signed, {
      method: 'PUT',
      url: `/videos/${String(videoId)}/subtitles`,
      payload: {
        upload: (await uploaded(signed, Buffer.from(text), name)).split('/').pop(),
        language,
        label: 'English',
      },
    });
  const good = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello\n';

  it('is refused for a video without media of its own, and before anything is queued', async () => {
    const refused = await attach(subtitler, good, 'en.vtt');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: 'Субтитры добавляются к видео, чей файл загружен на сайт: сначала загрузите файл.',
    });
    await site().database.db.execute(
      sql`update video set master_playlist = ${mediaUrl('v/00000000-0000-4000-8000-000000000001/master.m3u8')},
          duration_seconds = 10 where id = ${videoId}`,
    );
  });

  it('is checked when attached: a bad file is refused at once with its line, and nothing is queued', async () => {
    const cases = [
      [
        'WEBVTT\n\n00:00:01.000 -> 00:00:02.000\nбез стрелки\n',
        'bad.vtt',
        'bad.vtt, line 3: a cue needs a timing line, start --> end',
      ],
      [
        '1\n00:00:30,000 --> 00:00:31,000\nПосле конца\n',
        'late.srt',
        "late.srt: a cue starts at 00:00:30.000, after the video's end (00:00:10.000): «После конца»",
      ],
      [randomBytes(512), 'binary.vtt', 'binary.vtt: not UTF-8 text (save it as UTF-8)'],
      [good, 'subtitles.txt', 'subtitles.txt: subtitles must be a .vtt (WebVTT) or .srt (SubRip) file'],
    ] as const;
    for (const [text, name, reason] of cases) {
      const refused = await attach(subtitler, text, name);
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json(), name).toEqual({ detail: `Файл субтитров не принят: ${reason}` });
    }
    const video = await studioCall(site(), subtitler, { method: 'GET', url: `/videos/${String(videoId)}` });
    expect(video.json<StudioVideo>().job).toBeNull();
    // A file over the limit is refused before it is read.
    const big = await attach(subtitler, 'x'.repeat(subtitleLimits.maxBytes + 1), 'big.vtt');
    expect(big.statusCode).toBe(413);
  });

  it("queues a job with the file, the caller's upload only, and audits it; a track it lacks cannot be removed", async () => {
    const location = await uploaded(subtitler, Buffer.from(good), 'en.vtt');
    const call = (signed: Signed) =>
      studioCall(site(), signed, {
        method: 'PUT',
        url: `/videos/${String(videoId)}/subtitles`,
        payload: { upload: location.split('/').pop(), language: 'en', label: 'English' },
      });
    expect((await call(other)).statusCode).toBe(404);
    const made = await call(subtitler);
    expect(made.statusCode).toBe(200);
    const job = await findIngest(site().database.db, made.json<StudioVideo>().job?.id ?? 0);
    expect(job).toMatchObject({ kind: 'video-subtitles', itemId: videoId, priority: 1 });
    const source = job?.source as { attach: { file: string; format: string; language: string; label: string } };
    expect(source.attach).toMatchObject({ format: 'vtt', name: 'en.vtt', language: 'en', label: 'English' });
    expect(readFileSync(source.attach.file, 'utf8')).toBe(good);
    const audit = await site().database.db.execute<{ action: string; after: unknown }>(
      sql`select action, after from audit_entry where entity_id = ${videoId} order by id desc limit 1`,
    );
    expect(audit.rows[0]).toEqual({
      action: 'video.subtitles',
      after: { language: 'en', label: 'English', file: 'en.vtt' },
    });
    const absent = await studioCall(site(), subtitler, {
      method: 'DELETE',
      url: `/videos/${String(videoId)}/subtitles/tt`,
    });
    expect(absent.statusCode).toBe(404);
    const badLanguage = await studioCall(site(), subtitler, {
      method: 'DELETE',
      url: `/videos/${String(videoId)}/subtitles/${encodeURIComponent('../..')}`,
    });
    expect(badLanguage.statusCode).toBe(400);
  });
});
