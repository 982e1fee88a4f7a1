// Who an anonymous visitor is, for the once-per-visitor rules (views, plays, votes, chat pace).
// The id is random and travels in a cookie the server signs with its issue time; nothing about it
// comes from the address or the browser, so two browsers behind one address are two visitors.
// A missing, forged or tampered cookie is no cookie: the answer issues a new one, unless it is
// an answer a shared cache may keep (then the next one does).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addressKey } from '../lib/address.ts';
import { parseCookie } from '../lib/cookies.ts';
import type { Clock } from '../lib/clock.ts';
import type { Visitor } from '../repositories/visitor-actions.ts';

export const visitorCookie = 'efir_visitor';
const idPattern = /^[A-Za-z0-9_-]{22}$/u;
const issuedPattern = /^[0-9a-z]{1,12}$/u;
const cookieMaxAgeSeconds = 365 * 24 * 60 * 60;

declare module 'fastify' {
  interface FastifyRequest {
    visitor: Visitor;
  }
}

function sign(secret: string, id: string, issued: string): string {
  return createHmac('sha256', secret).update(`visitor|${id}|${issued}`).digest('base64url');
}

/** The id and issue time (ms) in a cookie value `<id>.<issued, base 36 seconds>.<signature>`, or undefined when forged or malformed. */
export function readVisitorCookie(
  secret: string,
  value: string | undefined,
): { id: string; issuedAt: number } | undefined {
  if (value === undefined) return undefined;
  const [id, issued, signature, ...rest] = value.split('.');
  if (id === undefined || issued === undefined || signature === undefined || rest.length > 0) return undefined;
  if (!idPattern.test(id) || !issuedPattern.test(issued)) return undefined;
  const expected = Buffer.from(sign(secret, id, issued));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return { id, issuedAt: Number.parseInt(issued, 36) * 1000 };
}

export function visitorCookieValue(secret: string, id: string, issuedAt: number): string {
  const issued = Math.floor(issuedAt / 1000).toString(36);
  return `${id}.${issued}.${sign(secret, id, issued)}`;
}

export interface VisitorOptions {
  secret: string;
  clock: Clock;
  /** The site's public URL: over https the cookie is Secure. */
  publicUrl: string | undefined;
  establishedAfterSeconds: number;
  /** Addresses that are not the visitors' (the studio's): no visitor is made for them. */
  staffOnly?: (url: string) => boolean;
}

export const visitorPlugin = fp(
  (app: FastifyInstance, options: VisitorOptions, done: (err?: Error) => void) => {
    const attributes = `Path=/; Max-Age=${String(cookieMaxAgeSeconds)}; HttpOnly; SameSite=Lax${
      options.publicUrl?.startsWith('https:') === true ? '; Secure' : ''
    }`;
    app.decorateRequest('visitor', null as unknown as Visitor);
    const issuing = new WeakMap<FastifyRequest, string>();
    app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, next: () => void) => {
      const now = options.clock().getTime();
      const address = addressKey(request.ip);
      const known = readVisitorCookie(options.secret, parseCookie(request.headers.cookie, visitorCookie));
      if (options.staffOnly?.(request.url) === true) {
        request.visitor = { id: known?.id ?? '', address, issuedAt: known?.issuedAt ?? now, established: false };
        next();
        return;
      }
      // A cookie "issued" in the future was signed by a clock gone wrong: it is not old yet.
      if (known !== undefined && known.issuedAt <= now) {
        const established = now - known.issuedAt >= options.establishedAfterSeconds * 1000;
        request.visitor = { ...known, address, established };
      } else {
        const id = randomBytes(16).toString('base64url').slice(0, 22);
        request.visitor = { id, address, issuedAt: now, established: false };
        issuing.set(request, `${visitorCookie}=${visitorCookieValue(options.secret, id, now)}; ${attributes}`);
      }
      next();
    });
    // A shared cache (a CDN, a proxy) keeps a public answer with its headers and hands it to
    // everyone: a cookie on it would make them all one visitor. Such answers issue none.
    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, _payload: unknown, next: () => void) => {
      const cookie = issuing.get(request);
      if (cookie !== undefined && !/\bpublic\b/u.test(String(reply.getHeader('cache-control') ?? ''))) {
        reply.header('set-cookie', cookie);
      }
      next();
    });
    done();
  },
  { name: 'efir-visitor' },
);
