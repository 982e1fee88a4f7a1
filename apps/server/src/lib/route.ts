import { adminCallRoutes, type CallMethod, errorSchema } from '@efir/contract';
import type { z } from 'zod';

/** How long read-mostly answers are served from memory: view counts may lag this much. */
export const answerCacheMs = 2000;

interface Call {
  method: CallMethod;
  path: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/** The OpenAPI tag of the operators' calls, and the name of their bearer-token scheme. */
export const adminTag = 'admin';
export const adminSecurity = 'adminToken';
/** The OpenAPI tag of the studio's calls, and the name of their session cookie's scheme. */
export const studioTag = 'studio';
export const studioSecurity = 'studioSession';

function isAdminCall(operationId: string): boolean {
  return Object.hasOwn(adminCallRoutes, operationId);
}

/**
 * The method, URL and schema of a spec'd call, ready for `app.route`: the handler's input and
 * answer are typed by the contract, and the OpenAPI document names the call by `operationId`.
 * `cacheMs` lets the answer be served from memory for that long (see plugins/answer-cache.ts).
 */
export function routeOf<C extends Call>(
  operationId: string,
  call: C,
  options: { successStatus?: 200 | 201; cacheMs?: number; tag?: { name: string; security: string } } = {},
) {
  const successStatus = options.successStatus ?? 200;
  const tag = options.tag ?? (isAdminCall(operationId) ? { name: adminTag, security: adminSecurity } : undefined);
  return {
    method: call.method,
    url: call.path,
    config: (options.cacheMs === undefined ? {} : { answerCacheMs: options.cacheMs }) as { answerCacheMs?: number },
    schema: {
      operationId,
      // The operators' and the studio's calls under their own tags, behind their credentials.
      ...(tag === undefined ? {} : { tags: [tag.name], security: [{ [tag.security]: [] }] }),
      // Only the parts a call has: Fastify warns of a schema key that is present but undefined.
      ...((call.params === undefined ? {} : { params: call.params }) as { params: C['params'] }),
      ...((call.querystring === undefined ? {} : { querystring: call.querystring }) as {
        querystring: C['querystring'];
      }),
      ...((call.body === undefined ? {} : { body: call.body }) as { body: C['body'] }),
      response: { [successStatus]: call.response, '4xx': errorSchema } as {
        200: C['response'];
        '4xx': typeof errorSchema;
      },
    },
  };
}
