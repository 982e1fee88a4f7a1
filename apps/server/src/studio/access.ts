// Who is calling the studio, and whether they may: every call under /api/studio names its entry in
// the contract's `studioCalls`, whose `access` this hook enforces before the body is read. A
// session is the cookie's secret, looked up in the database (any node accepts it); a call that
// changes something must also come from one of the site's origins and carry the session's CSRF
// token. Answers are never stored by a cache on the way.
import { timingSafeEqual } from 'node:crypto';
import { accessAllows, csrfHeader, roleOf, type StudioAccess, type StudioCallName, studioCalls } from '@efir/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.ts';
import { addressKey } from '../lib/address.ts';
import { parseCookie } from '../lib/cookies.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Actor } from '../repositories/audit.ts';
import {
  findSession,
  type SessionLimits,
  type SessionRow,
  type StudioUserRow,
} from '../repositories/studio-accounts.ts';

export const studioCookie = 'efir_studio';

export interface StudioCaller {
  user: StudioUserRow;
  session: SessionRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account making a studio call, when there is one. */
    studio: StudioCaller | null;
  }
  interface FastifyContextConfig {
    /** The studio call a route answers (its access is the contract's). */
    studioCall?: StudioCallName;
    /** Who may use a studio route that is no call of the table (the uploads). */
    studioAccess?: StudioAccess;
  }
}

export interface StudioAccessOptions {
  db: Db;
  session: SessionLimits;
  /** The site's origins (PUBLIC_URL's and SITE_ORIGINS): a change must come from a page of one. */
  origins: readonly string[];
}

/** The signed-in caller, for a route whose access requires one. */
export function callerOf(request: FastifyRequest): StudioCaller {
  if (request.studio === null) throw new HttpError(401, 'Войдите в студию.');
  return request.studio;
}

/** Who the audit log names for a request. */
export function actorOf(request: FastifyRequest): Actor {
  const caller = request.studio;
  return {
    ...(caller === null ? {} : { userId: caller.user.id }),
    name: caller?.user.login ?? 'anonymous',
    address: addressKey(request.ip),
    requestId: request.id,
  };
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const reading = new Set(['GET', 'HEAD', 'OPTIONS']);

export const studioAccessPlugin = fp(
  (app, options: StudioAccessOptions, done: (err?: Error) => void) => {
    app.decorateRequest('studio', null);
    // Closed by default: a studio route that does not name who may use it stops the server from
    // starting, rather than being open to anyone.
    app.addHook('onRoute', (route) => {
      const config = route.config;
      if (config?.studioCall === undefined && config?.studioAccess === undefined) {
        throw new Error(
          `${String(route.method)} ${route.url}: a studio route names its call (config.studioCall) or who may use it (config.studioAccess)`,
        );
      }
    });
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      const config = request.routeOptions.config;
      const call = config.studioCall;
      const access = call === undefined ? config.studioAccess : studioCalls[call].access;
      // Every route names its access (the onRoute check above): none is the not-found answer.
      if (access === undefined) return;
      const changes = !reading.has(request.method);
      const origin = request.headers.origin;
      if (changes && origin !== undefined && !options.origins.includes(origin)) {
        throw new HttpError(403, 'Запрос пришёл не со страницы этого сайта.');
      }
      const secret = parseCookie(request.headers.cookie, studioCookie);
      const found = secret === undefined ? undefined : await findSession(options.db, secret, options.session);
      request.studio = found ?? null;
      if (access === 'anyone') return;
      if (found === undefined) throw new HttpError(401, 'Войдите в студию.');
      if (!accessAllows(access, roleOf(found.user.role))) throw new HttpError(403, 'Вашей роли это недоступно.');
      if (changes) {
        const token = request.headers[csrfHeader];
        if (typeof token !== 'string' || !sameText(token, found.session.csrfToken)) {
          throw new HttpError(403, 'Нет ключа CSRF этой сессии: обновите страницу студии.');
        }
      }
    });
    done();
  },
  { name: 'efir-studio-access' },
);
