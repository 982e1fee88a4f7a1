// Serves DATA_DIR/media under /media/: on the media port, and under the site's origin for the
// same-origin case. Folders are named by a fresh id per ingest and never change, so segments and
// previews are cached for a year; playlists for a few seconds.
import { existsSync, realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { mediaPathOf, mediaPrefix } from '@efir/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export interface MediaOriginOptions {
  mediaDir: string;
  /** Origins whose pages may fetch media (CORS). */
  allowedOrigins: readonly string[];
}

/** A request path that could leave the media directory, or names a hidden file. */
export function isUnsafeMediaPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return (
    /(^|\/)\.\.?(\/|$)/u.test(decoded) || decoded.includes('\\') || decoded.includes('\0') || /\/\./u.test(decoded)
  );
}

/** Whether a media path reaches outside `root` (a real path) through a symlink. A path that does
 * not exist leaves nothing: the file server answers it 404. */
async function leavesRoot(root: string, mediaPath: string): Promise<boolean> {
  try {
    const real = await realpath(join(root, mediaPath));
    return real !== root && !real.startsWith(`${root}${sep}`);
  } catch {
    return false;
  }
}

function cacheControlFor(path: string): string {
  return path.endsWith('.m3u8') ? 'public, max-age=5' : 'public, max-age=31536000, immutable';
}

export const mediaOriginPlugin = fp(
  async (app: FastifyInstance, options: MediaOriginOptions) => {
    const root = existsSync(options.mediaDir) ? realpathSync(options.mediaDir) : options.mediaDir;
    app.addHook('onRequest', async (request, reply) => {
      const mediaPath = mediaPathOf(request.url);
      if (mediaPath === undefined) return;
      if (isUnsafeMediaPath(request.url)) return reply.code(400).send({ detail: 'Bad media path.' });
      // The file server follows symlinks; one placed among the media (by a bad ingest or a careless
      // operator) must not publish what it points to.
      const path = decodeURIComponent(mediaPath.split('?')[0] ?? '');
      if (await leavesRoot(root, path)) return reply.code(404).send({ detail: 'Not found.' });
      const origin = request.headers.origin;
      if (origin !== undefined && options.allowedOrigins.includes(origin)) {
        reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
        reply.header('access-control-expose-headers', 'Content-Length, Content-Range');
      }
    });
    await app.register(fastifyStatic, {
      root: options.mediaDir,
      prefix: mediaPrefix,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders: (response, path) => {
        response.header('cache-control', cacheControlFor(path));
        if (path.endsWith('.m3u8')) response.header('content-type', 'application/vnd.apple.mpegurl');
        // Subtitle segments: Cyrillic text, read as UTF-8 whatever a player assumes.
        if (path.endsWith('.vtt')) response.header('content-type', 'text/vtt; charset=utf-8');
      },
    });
    app.options(`${mediaPrefix}*`, (request, reply: FastifyReply) => {
      const origin = request.headers.origin;
      if (origin !== undefined && options.allowedOrigins.includes(origin)) {
        void reply
          .code(204)
          .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
          .header('access-control-allow-headers', 'Range')
          .header('access-control-max-age', '86400')
          .send();
        return;
      }
      void reply.code(204).send();
    });
  },
  { name: 'efir-media-origin' },
);
