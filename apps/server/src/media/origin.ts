// Serves DATA_DIR/media under /media/: on the media port, and under the site's origin for the
// same-origin case. Folders are named by a fresh id per ingest and never change, so segments and
// previews are cached for a year; playlists for a few seconds.
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

function cacheControlFor(path: string): string {
  return path.endsWith('.m3u8') ? 'public, max-age=5' : 'public, max-age=31536000, immutable';
}

export const mediaOriginPlugin = fp(
  async (app: FastifyInstance, options: MediaOriginOptions) => {
    app.addHook('onRequest', (request, reply, done) => {
      if (!request.url.startsWith('/media/')) {
        done();
        return;
      }
      if (isUnsafeMediaPath(request.url)) {
        void reply.code(400).send({ detail: 'Bad media path.' });
        return;
      }
      const origin = request.headers.origin;
      if (origin !== undefined && options.allowedOrigins.includes(origin)) {
        reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
        reply.header('access-control-expose-headers', 'Content-Length, Content-Range');
      }
      done();
    });
    await app.register(fastifyStatic, {
      root: options.mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      cacheControl: false,
      setHeaders: (response, path) => {
        response.header('cache-control', cacheControlFor(path));
        if (path.endsWith('.m3u8')) response.header('content-type', 'application/vnd.apple.mpegurl');
      },
    });
    app.options('/media/*', (request, reply: FastifyReply) => {
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
