import { apiPrefix } from '@efir/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { z } from 'zod';

export interface Answer<T> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
}

/** Calls /api/v1 through `inject` and parses a 2xx answer with the contract's schema. */
export async function call<T extends z.ZodType>(
  app: FastifyInstance,
  schema: T,
  options: InjectOptions & { url: string },
): Promise<Answer<z.infer<T>>> {
  const response = await app.inject({ ...options, url: `${apiPrefix}${options.url}` });
  const json: unknown = response.body === '' ? undefined : response.json();
  return {
    status: response.statusCode,
    body: response.statusCode < 300 ? schema.parse(json) : (json as z.infer<T>),
    headers: response.headers,
  };
}

/** Calls /api/v1 and returns the status and the raw JSON, for error answers. */
export async function raw(app: FastifyInstance, options: InjectOptions & { url: string }) {
  const response = await app.inject({ ...options, url: `${apiPrefix}${options.url}` });
  return {
    status: response.statusCode,
    json: response.body === '' ? undefined : response.json<unknown>(),
    response,
  };
}
