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

/**
 * A browser as the server sees it: one address, one user agent and the cookie jar its answers fill,
 * so it stays one visitor from request to request. `forget()` drops the cookie, as a script would.
 */
export class TestBrowser {
  cookie: string | undefined;
  readonly #app: FastifyInstance;
  readonly address: string;
  readonly userAgent: string;

  constructor(app: FastifyInstance, address = '198.51.100.1', userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Efir test') {
    this.#app = app;
    this.address = address;
    this.userAgent = userAgent;
  }

  async request(options: InjectOptions & { url: string }) {
    const headers = { 'user-agent': this.userAgent, ...(this.cookie === undefined ? {} : { cookie: this.cookie }) };
    const answer = await raw(this.#app, {
      ...options,
      remoteAddress: this.address,
      headers: { ...headers, ...options.headers },
    });
    const set = answer.response.headers['set-cookie'];
    if (typeof set === 'string') this.cookie = set.split(';')[0];
    return answer;
  }

  forget(): void {
    this.cookie = undefined;
  }
}
