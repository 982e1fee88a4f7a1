// How both ports answer a failure: always `{detail}`, a visitor's mistake in words, anything of
// ours without internals (no SQL, no stack), and a database that is away as a 503 to retry.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database-unavailable.ts';

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

/** A malformed URL or content type never reaches a route: answer it in the API's own shape. */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  void reply.code(status).send({ detail: status < 500 ? error.message : internalDetail });
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
  if (status >= 400 && status < 500) return reply.code(status).send({ detail: error.message });
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ detail: internalDetail });
}
