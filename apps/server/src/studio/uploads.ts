// Editors' uploads: resumable, by the tus protocol (@tus/server over files in DATA_DIR/uploads),
// so a large file over a shaky connection picks up where it broke off. An upload belongs to the
// account that began it: only that account may go on with it, end it or use it. A finished upload
// is taken once, by an ingest (the media of a video or radio) or as a picture, which removes it.
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, statfs } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import { studioLimits, studioPrefix, studioUploadsPath, uploadIdSchema } from '@efir/contract';
import { HttpError } from '../lib/http-error.ts';
import type { Change } from '../repositories/audit.ts';

/** How long an upload may stay unfinished or unused before housekeeping removes it. */
const openKeptMs = 24 * 60 * 60 * 1000;
/** How long a file taken by a job stays (a failed job may be retried). */
const takenKeptMs = 7 * 24 * 60 * 60 * 1000;

/** The free bytes of the disk holding `directory`. */
async function diskFreeBytes(directory: string): Promise<number> {
  const disk = await statfs(directory);
  return disk.bavail * disk.bsize;
}

const megabytes = (bytes: number): string => String(Math.floor(bytes / 1024 / 1024));

interface Uploader {
  userId: number;
  /** Writes what the uploader did in the audit log: an upload begun, or one removed. */
  record: (change: Change) => Promise<void>;
}

/** A refusal as the tus server answers it: its status and body, in the API's shape. */
class UploadRefusal extends Error {
  readonly status_code: number;
  readonly body: string;
  constructor(status: number, detail: string) {
    super(detail);
    this.status_code = status;
    this.body = JSON.stringify({ detail });
  }
}

function refusal(status: number, detail: string): UploadRefusal {
  return new UploadRefusal(status, detail);
}

const noUpload = 'Нет такой загрузки.';

/** A tus refusal's own words (its body, a line of text), or the error's message. */
function refusalText(error: Error | { body: string }): string {
  const text = 'body' in error && typeof error.body === 'string' ? error.body : (error as Error).message;
  return text.trim().slice(0, 200) || 'Загрузка отклонена.';
}

export class Uploads {
  readonly directory: string;
  readonly #server: Server;
  readonly #store: FileStore;
  /** Who makes each request the tus server is handling. */
  readonly #uploaders = new WeakMap<IncomingMessage, Uploader>();

  readonly #freeBytes: (directory: string) => Promise<number>;

  /** The creation under way: creations take turns, so that two begun at once cannot both pass the
   * account's count and the disk's room, each checked before the other's upload exists. */
  #creating: Promise<unknown> = Promise.resolve();

  constructor(options: {
    directory: string;
    maxBytes: number;
    /** What the uploads' disk has free; the disk's own figure unless given. */
    freeBytes?: (directory: string) => Promise<number>;
  }) {
    this.directory = options.directory;
    this.#freeBytes = options.freeBytes ?? diskFreeBytes;
    this.#store = new FileStore({ directory: options.directory });
    const uploaderOf = (request: object): Uploader => {
      const raw = (request as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
      const uploader = raw === undefined ? undefined : this.#uploaders.get(raw);
      if (uploader === undefined) throw refusal(401, 'Войдите в студию.');
      return uploader;
    };
    this.#server = new Server({
      path: `${studioPrefix}${studioUploadsPath.replace(/\/$/u, '')}`,
      datastore: this.#store,
      maxSize: options.maxBytes,
      relativeLocation: true,
      // Nothing is exposed to other origins: the studio's pages are the site's own.
      allowedOrigins: [],
      onUploadCreate: async (request, upload) => {
        const { userId, record } = uploaderOf(request);
        if (upload.size === undefined) throw refusal(400, 'Загрузка должна сразу назвать размер файла.');
        await this.#checkRoom(userId, upload.size);
        const name = upload.metadata?.filename ?? '';
        await record({ action: 'upload.add', entity: 'upload', after: { id: upload.id, name, size: upload.size } });
        // The owner is the server's to say, whatever the client put in the metadata.
        return { metadata: { ...upload.metadata, filename: name.slice(0, 255), owner: String(userId) } };
      },
      onIncomingRequest: async (request, id) => {
        const { userId } = uploaderOf(request);
        if (request.method === 'POST' || request.method === 'OPTIONS') return;
        // Only an id this server made names an upload (`<id>.json` names its owner's record, which
        // an id of another shape could reach); one that is missing or another's is the same 404.
        if (!uploadIdSchema.safeParse(id).success) throw refusal(404, noUpload);
        const upload = await this.#store.getUpload(id).catch(() => undefined);
        if (upload?.metadata?.owner !== String(userId)) throw refusal(404, noUpload);
        if (request.method === 'DELETE') {
          const { record } = uploaderOf(request);
          await record({
            action: 'upload.remove',
            entity: 'upload',
            before: { id, name: upload.metadata.filename ?? '', size: upload.size ?? null, received: upload.offset },
          });
        }
      },
      // The server's own refusals (a wrong offset, a missing header) in the API's shape too.
      onResponseError: (_request, error) => {
        if (error instanceof UploadRefusal) return undefined;
        const known = 'status_code' in error && typeof error.status_code === 'number';
        const status = known ? error.status_code : 500;
        const detail = status >= 500 ? 'Загрузка не удалась: попробуйте ещё раз.' : refusalText(error);
        return { status_code: status, body: JSON.stringify({ detail }) };
      },
    });
  }

  /**
   * Refuses a new upload of `size` bytes by `userId` past the account's open uploads, or when the
   * disk, after what every open upload has yet to write and the database's reserve, has no room.
   */
  async #checkRoom(userId: number, size: number): Promise<void> {
    const open = await this.#openUploads();
    if (
      open.filter((upload) => upload.metadata?.owner === String(userId)).length >= studioLimits.openUploadsPerAccount
    ) {
      throw refusal(
        429,
        `Незавершённых загрузок уже ${String(studioLimits.openUploadsPerAccount)}: используйте или удалите прежние.`,
      );
    }
    const promised = open.reduce((sum, upload) => sum + Math.max(0, (upload.size ?? 0) - upload.offset), 0);
    const room = (await this.#freeBytes(this.directory)) - promised - studioLimits.uploadDiskReserveBytes;
    if (size > room) {
      throw refusal(413, `На диске сервера нет места для этого файла: свободно ${megabytes(Math.max(0, room))} МБ.`);
    }
  }

  /** The uploads begun and not yet taken, everyone's. */
  async #openUploads(): Promise<Upload[]> {
    const names = await readdir(this.directory).catch(() => [] as string[]);
    const ids = names.filter((name) => uploadIdSchema.safeParse(name).success);
    const uploads = await Promise.all(ids.map((id) => this.#store.getUpload(id).catch(() => undefined)));
    return uploads.filter((upload) => upload !== undefined);
  }

  /** Hands a request to the tus server, made by `uploader`. */
  async handle(request: IncomingMessage, response: ServerResponse, uploader: Uploader): Promise<void> {
    this.#uploaders.set(request, uploader);
    await mkdir(this.directory, { recursive: true });
    if (request.method !== 'POST') {
      await this.#server.handle(request, response);
      return;
    }
    // A creation carries no data (the studio sends the file after it): a slow body held in its
    // turn would hold back everyone's creations.
    if ((request.headers['content-length'] ?? '0') !== '0' || request.headers['transfer-encoding'] !== undefined) {
      response
        .writeHead(400, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify({ detail: 'Загрузка начинается без данных: файл отправляется после.' }));
      return;
    }
    const turn = this.#creating.then(() => this.#server.handle(request, response));
    this.#creating = turn.catch(() => undefined);
    await turn;
  }

  /**
   * Takes a finished upload of `userId` for one use: its file moves out of the uploads (so it
   * cannot be taken twice, nor changed), to a path answered here that the taker removes when
   * done. Refused when it is not theirs, not finished, or over `maxBytes`.
   */
  async take(id: string, userId: number, maxBytes?: number): Promise<{ file: string; name: string; size: number }> {
    const upload = await this.#store.getUpload(id).catch(() => undefined);
    if (upload === undefined || upload.metadata?.owner !== String(userId)) {
      throw new HttpError(404, 'Нет такой загрузки: загрузите файл ещё раз.');
    }
    if (upload.size === undefined || upload.offset !== upload.size) {
      throw new HttpError(409, 'Файл ещё не загружен до конца.');
    }
    if (maxBytes !== undefined && upload.size > maxBytes) {
      throw new HttpError(413, `Файл больше ${String(Math.floor(maxBytes / 1024 / 1024))} МБ.`);
    }
    const taken = join(this.directory, 'taken', id);
    await mkdir(join(this.directory, 'taken'), { recursive: true });
    try {
      await rename(join(this.directory, id), taken);
    } catch {
      throw new HttpError(404, 'Нет такой загрузки: загрузите файл ещё раз.');
    }
    await rm(join(this.directory, `${id}.json`), { force: true });
    return { file: taken, name: upload.metadata.filename ?? '', size: upload.size };
  }

  /** Removes uploads untouched for a day (unfinished or never used), and files taken by a job
   * that failed after a week. */
  async sweep(now = Date.now()): Promise<void> {
    for (const [folder, keptMs] of [
      [this.directory, openKeptMs],
      [join(this.directory, 'taken'), takenKeptMs],
    ] as const) {
      if (!existsSync(folder)) continue;
      for (const name of await readdir(folder)) {
        // An upload's file and its record (`<id>.json`) go together, by the later touch of the two.
        const id = name.replace(/\.json$/u, '');
        const touched = await Promise.all(
          [id, `${id}.json`].map((file) =>
            stat(join(folder, file)).then(
              (info) => (info.isFile() ? info.mtimeMs : now),
              () => 0,
            ),
          ),
        );
        if (now - Math.max(...touched) > keptMs) await rm(join(folder, name), { force: true });
      }
    }
  }
}
