// Accept-Language: ru-latn turns every text of an /api/v1 answer into the Latin script.
import { apiPrefix, type Locale, toLatinDeep } from '@efir/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { latinMemo } from '../lib/latin-memo.ts';
import { localeFromAcceptLanguage } from '../lib/locale.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The script the answer is written in. */
    locale: Locale;
  }
}

export interface ScriptOptions {
  /** How a text is written in the Latin script (a memo shared with the catalogue's read models). */
  toLatin?: (text: string) => string;
}

export const scriptPlugin = fp(
  (app: FastifyInstance, options: ScriptOptions, done: (err?: Error) => void) => {
    const toLatinOnce = options.toLatin ?? latinMemo();
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
