// Accept-Language: ru-latn turns every text of an /api/v1 answer into the Latin script.
import { apiPrefix, type Locale, toLatin, toLatinDeep } from '@efir/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { localeFromAcceptLanguage } from '../lib/locale.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The script the answer is written in. */
    locale: Locale;
  }
}

/** Texts written once are written again from memory: answers repeat the catalogue's names and
 * descriptions. At most this many are kept; then the memo starts again. */
const latinMemoSize = 20_000;

export const scriptPlugin = fp(
  (app: FastifyInstance, _options: object, done: (err?: Error) => void) => {
    const latin = new Map<string, string>();
    const toLatinOnce = (text: string): string => {
      let written = latin.get(text);
      if (written === undefined) {
        written = toLatin(text);
        if (latin.size >= latinMemoSize) latin.clear();
        latin.set(text, written);
      }
      return written;
    };
    app.decorateRequest('locale', 'ru-cyrl');
    app.addHook('onRequest', (request, reply, next) => {
      if (request.url.startsWith(apiPrefix)) {
        request.locale = localeFromAcceptLanguage(request.headers['accept-language']);
        reply.header('vary', 'Accept-Language');
        reply.header('content-language', request.locale);
      }
      next();
    });
    app.addHook('preSerialization', (request, _reply, payload: unknown, next) => {
      next(null, request.locale === 'ru-latn' ? toLatinDeep(payload, toLatinOnce) : payload);
    });
    done();
  },
  { name: 'efir-script' },
);
