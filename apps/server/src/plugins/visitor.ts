// Who an anonymous visitor is, for the once-per-visitor rules (views, plays, votes, chat pace).
// The id travels in a signed cookie; a request without one gets an id derived from its address
// and user agent, so clearing cookies alone does not make a new visitor.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const visitorCookie = 'efir_visitor';
const idPattern = /^[A-Za-z0-9_-]{22}$/u;

declare module 'fastify' {
  interface FastifyRequest {
    /** The anonymous visitor's id (22 URL-safe characters). */
    visitor: string;
  }
}

function sign(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

/** The visitor id in a cookie value `<id>.<signature>`, or undefined when forged or malformed. */
export function readVisitorCookie(secret: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const [id, signature, ...rest] = value.split('.');
  if (id === undefined || signature === undefined || rest.length > 0 || !idPattern.test(id)) return undefined;
  const expected = Buffer.from(sign(secret, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}

export function visitorCookieValue(secret: string, id: string): string {
  return `${id}.${sign(secret, id)}`;
}

/** The id of a visitor who brings no cookie: stable for one address and user agent. */
export function derivedVisitorId(secret: string, ip: string, userAgent: string): string {
  return sign(secret, `visitor|${ip}|${userAgent}`).slice(0, 22);
}

function parseCookie(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export const visitorPlugin = fp(
  (app: FastifyInstance, options: { secret: string }, done: (err?: Error) => void) => {
    app.decorateRequest('visitor', '');
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, next: () => void) => {
      const fromCookie = readVisitorCookie(options.secret, parseCookie(request.headers.cookie, visitorCookie));
      if (fromCookie !== undefined) {
        request.visitor = fromCookie;
      } else {
        request.visitor = derivedVisitorId(options.secret, request.ip, request.headers['user-agent'] ?? '');
        reply.header(
          'set-cookie',
          `${visitorCookie}=${visitorCookieValue(options.secret, request.visitor)}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`,
        );
      }
      next();
    });
    done();
  },
  { name: 'efir-visitor' },
);
