// How both ports answer a failure: always `{detail}`, a visitor's mistake in words, anything of
// ours without internals (no SQL, no stack), and a database that is away as a 503 to retry.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';
import { HttpError } from './http-error.ts';

/** What a client is told to wait before retrying while the database is away: about a restart's length. */
export const databaseRetryAfterSeconds = 5;
export const databaseUnavailableDetail = 'The database is unavailable; try again shortly.';
const internalDetail = 'Internal server error.';

/** The 503 of a call that needs the database while it is away; never cached on the way. */
export function answerDatabaseUnavailable(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(databaseRetryAfterSeconds))
    .header('cache-control', 'no-store')
    .send({ detail: databaseUnavailableDetail });
}

/**
 * Answers a request no route takes: a 405 naming the methods in `Allow` when its path is a route's
 * under other methods, else a 404. Called before any route is added, so it sees them all; the
 * site's catch-all page route (`/*`) names no path of its own and is left out.
 */
export function answerUnrouted(app: FastifyInstance): void {
  const routes: { path: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url === '/*' || route.url === '*') return;
    const pattern = route.url
      .split(/(:[A-Za-z]+|\*)/u)
      .map((part) =>
        part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replaceAll(/[.+?^${}()|[\]\\]/gu, '\\$&'),
      )
      .join('');
    routes.push({ path: new RegExp(`^${pattern}$`, 'u'), methods: [route.method].flat() });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = [...new Set(routes.filter((route) => route.path.test(path)).flatMap((route) => route.methods))];
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send({ detail: `${request.method} is not allowed here; use ${allowed.join(', ')}.` });
    }
    return reply.code(404).send({ detail: 'Not found.' });
  });
}

/** A malformed URL or content type never reaches a route: answer it in the API's own shape, with
 * the port's `headers` (a malformed URL skips the hooks that would add them). */
export function answerFrameworkError(headers: Record<string, string>) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    const status = error.statusCode ?? 400;
    void reply
      .code(status)
      .headers(headers)
      .send({ detail: status < 500 ? error.message : internalDetail });
  };
}

/**
 * A request node:http could not read (headers too large, a malformed request line, one that took
 * too long to arrive) never reaches Fastify: it is answered here on the socket, in the same shape
 * and with the port's `headers`, and the connection is closed.
 */
export function answerClientError(headers: Record<string, string>) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, detail] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large.']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'The request took too long to arrive.']
          : [400, 'Malformed request.'];
    // As node:http does: no answer on a connection whose answer has already begun.
    const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && answering?.headersSent !== true) {
      const body = JSON.stringify({ detail });
      const lines = Object.entries({
        ...headers,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      }).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('')}\r\n${body}`);
    }
    socket.destroy(error);
  };
}

/**
 * The detail of a validation failure, naming where and what. A refinement of the contract (a
 * `custom` issue, such as a chat text's rule) says both in its own words, which stand alone.
 */
function validationDetail(
  error: FastifyError & { validation: { keyword: string; instancePath: string; message?: string }[] },
): string {
  const where = error.validationContext;
  const custom = error.validation.filter((issue) => issue.keyword === 'custom' && issue.message !== undefined);
  if (custom.length === error.validation.length) return custom.map((issue) => issue.message).join(' ');
  const problems = error.validation.map((issue) => {
    const path = issue.instancePath.replace(/^\//u, '').replaceAll('/', '.');
    return `${path === '' ? where : `${where}.${path}`}: ${issue.message ?? 'invalid'}`;
  });
  return `Invalid ${where}: ${problems.join('; ')}`;
}

export function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.code(400).send({ detail: validationDetail(error) });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, cause: error.cause }, 'answer does not fit the contract');
    return reply.code(500).send({ detail: internalDetail });
  }
  if (isDatabaseUnavailable(error)) {
    // A warning, not an error: an outage is the operator's to see once per call, not a bug.
    request.log.warn({ err: error }, 'the database is unavailable');
    return answerDatabaseUnavailable(reply);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const until = error instanceof HttpError && error.until !== undefined ? { until: error.until.toISOString() } : {};
    return reply.code(status).send({ detail: error.message, ...until });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ detail: internalDetail });
}
