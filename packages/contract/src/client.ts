// The one client of the call tables, for every caller: the web app, the CLI, the browser tests and
// the benchmarks. It builds a call's method and URL from the zod-free route table and types its
// inputs and answer from the schemas at compile time only, so zod stays out of the web bundle (the
// server validates every answer against the same schemas before sending it).
import type { z } from 'zod';
import type { adminCalls } from './admin.ts';
import {
  adminCallRoutes,
  adminPrefix,
  apiPrefix,
  type CallRoute,
  callRoutes,
  efirCallRoutes,
  studioCallRoutes,
  studioPrefix,
} from './call-routes.ts';
import type { calls } from './calls.ts';
import type { efirCalls } from './efir-calls.ts';
import type { studioCalls } from './studio.ts';

interface CallSchemas extends CallRoute {
  readonly params?: z.ZodType;
  readonly querystring?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
}

/**
 * A path or query value as a caller gives it: what the server reads it as (a number for an id,
 * which the path carries in its canonical decimal form) or, where the schema takes only certain
 * texts, those texts.
 */
type WireValue<I, O> = unknown extends I ? O : O extends number ? O : I;
type Wire<S extends z.ZodType> = {
  [K in keyof z.input<S>]: WireValue<z.input<S>[K], K extends keyof z.output<S> ? z.output<S>[K] : never>;
};

/** What a call takes: its path parameters, query and body as the schemas say, and per-call extras. */
export type CallInput<C> = (C extends { params: infer P extends z.ZodType }
  ? { params: Wire<P> }
  : { params?: never }) &
  (C extends { querystring: infer Q extends z.ZodType } ? { query?: Partial<Wire<Q>> } : { query?: never }) &
  (C extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: never }) & {
    signal?: AbortSignal;
    /** Added to the client's headers for this call. */
    headers?: Record<string, string>;
  };

/** The input is required when the call has path parameters or a body. */
type CallArgs<C> = C extends { params: z.ZodType } | { body: z.ZodType }
  ? [input: CallInput<C>]
  : [input?: CallInput<C>];

/** What a call's URL is made of: its path parameters (required when it has them) and query. */
type UrlArgs<C> = C extends { params: z.ZodType }
  ? [input: Pick<CallInput<C>, 'params' | 'query'>]
  : [input?: Pick<CallInput<C>, 'params' | 'query'>];

type AnswerOf<C> = C extends { response: infer R extends z.ZodType } ? z.output<R> : never;

type SpecCalls = typeof calls;
type EfirCalls = typeof efirCalls;
type AdminCalls = typeof adminCalls;
type StudioCalls = typeof studioCalls;

/** What a refusal says beyond its status: the server's `{detail}`, until when it holds, and the
 * seconds to wait before asking again (`Retry-After`), where it gave them. */
export interface Refusal {
  detail?: string | undefined;
  until?: string | undefined;
  retryAfterSeconds?: number | undefined;
}

/** A refused call: the HTTP status and what the server said of it. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | undefined;
  readonly until: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  constructor(where: string, status: number, refusal: Refusal = {}) {
    const { detail } = refusal;
    super(`${where}: HTTP ${String(status)}${detail === undefined ? '' : `: ${detail}`}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.until = refusal.until;
    this.retryAfterSeconds = refusal.retryAfterSeconds;
  }
}

/** A path or query value as text: numbers and flags as JSON writes them. */
function wireText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A route's path with its parameters filled in, each URL-encoded. */
export function fillPath(route: CallRoute, params: Record<string, unknown> = {}): string {
  return route.path.replace(/:([A-Za-z]+)/gu, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new TypeError(`${route.path}: no value for :${name}`);
    return encodeURIComponent(wireText(value));
  });
}

/** `?a=1&b=2` from the defined values in the given order, or '' when there are none. */
export function queryOf(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, wireText(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

function urlOf(prefix: string, route: CallRoute, input: { params?: object; query?: object } | undefined): string {
  return `${prefix}${fillPath(route, input?.params as Record<string, unknown>)}${queryOf(input?.query as Record<string, unknown>)}`;
}

/** The URL of a call under /api/v1, from the site's root: for tests and tools that need the address itself. */
export function apiUrl<K extends keyof SpecCalls>(name: K, ...[input]: UrlArgs<SpecCalls[K]>): string {
  return urlOf(apiPrefix, callRoutes[name], input);
}

/** The URL of one of Efir's own public calls, from the site's root. */
export function efirUrl<K extends keyof EfirCalls>(name: K, ...[input]: UrlArgs<EfirCalls[K]>): string {
  return urlOf(apiPrefix, efirCallRoutes[name], input);
}

/** The URL of an operators' call under /api/admin, from the site's root. */
export function adminUrl<K extends keyof AdminCalls>(name: K, ...[input]: UrlArgs<AdminCalls[K]>): string {
  return urlOf(adminPrefix, adminCallRoutes[name], input);
}

/** The URL of a studio call under /api/studio, from the site's root. */
export function studioUrl<K extends keyof StudioCalls>(name: K, ...[input]: UrlArgs<StudioCalls[K]>): string {
  return urlOf(studioPrefix, studioCallRoutes[name], input);
}

/**
 * A pattern of every URL of a call under /api/v1, whatever its parameters and query: for tests
 * that watch or stand in for a call (a browser test's `page.route`, a resource timing).
 */
export function apiPattern(name: keyof SpecCalls): RegExp {
  const path = `${apiPrefix}${callRoutes[name].path}`
    .split(/:[A-Za-z]+/u)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&'))
    .join('[^/?#]+');
  return new RegExp(`${path}(?:\\?[^#]*)?$`, 'u');
}

export interface ClientOptions {
  /** The site's origin (`http://127.0.0.1:8080`); '' for the page's own. */
  baseUrl?: string;
  /** Defaults to the global fetch, looked up at each call. */
  fetch?: typeof fetch;
  /** Sent with every call; read at each call, so a changed locale or token applies at once. */
  headers?: () => Record<string, string>;
  /**
   * A call not answered within this many milliseconds is abandoned with a `TimeoutError`: a lost
   * answer then fails, and can be asked again, instead of holding a page on its last state.
   */
  answerWithinMs?: number;
}

async function refusalOf(response: Response): Promise<Refusal> {
  const wait = Number(response.headers.get('retry-after') ?? '');
  const refusal: Refusal = Number.isFinite(wait) && wait > 0 ? { retryAfterSeconds: wait } : {};
  try {
    // Read by hand, not by the schema: zod's first parse probes for eval, which the site's
    // content policy refuses and reports.
    const answer: unknown = await response.json();
    if (typeof answer === 'object' && answer !== null) {
      const { detail, until } = answer as Record<string, unknown>;
      return {
        ...refusal,
        ...(typeof detail === 'string' ? { detail } : {}),
        ...(typeof until === 'string' ? { until } : {}),
      };
    }
  } catch {
    // Not JSON: no detail.
  }
  return refusal;
}

type Caller<T> = <K extends keyof T & string>(name: K, ...args: CallArgs<T[K]>) => Promise<AnswerOf<T[K]>>;

function clientOf<T extends Record<string, CallSchemas>>(
  prefix: string,
  routes: Record<string, CallRoute>,
  options: ClientOptions,
): Caller<T> {
  return async (name, ...[input]) => {
    const route = routes[name];
    if (route === undefined) throw new TypeError(`no call ${name}`);
    const given = input as
      | { params?: object; query?: object; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> }
      | undefined;
    const url = urlOf(prefix, route, given);
    const headers: Record<string, string> = { ...options.headers?.(), ...given?.headers };
    if (given?.body !== undefined) headers['content-type'] = 'application/json';
    const signals = [
      ...(given?.signal === undefined ? [] : [given.signal]),
      ...(options.answerWithinMs === undefined ? [] : [AbortSignal.timeout(options.answerWithinMs)]),
    ];
    const response = await (options.fetch ?? fetch)(`${options.baseUrl ?? ''}${url}`, {
      method: route.method,
      headers,
      ...(signals.length === 0 ? {} : { signal: signals.length === 1 ? signals[0] : AbortSignal.any(signals) }),
      ...(given?.body === undefined ? {} : { body: JSON.stringify(given.body) }),
    });
    if (!response.ok) throw new ApiError(`${route.method} ${url}`, response.status, await refusalOf(response));
    return (await response.json()) as AnswerOf<T[typeof name]>;
  };
}

/** Calls /api/v1 by a call's name: `api('video', { params: { id: 4 } })` answers the typed video. */
export function createApiClient(options: ClientOptions = {}): Caller<SpecCalls> {
  return clientOf<SpecCalls>(apiPrefix, callRoutes, options);
}

/** Calls Efir's own public calls under /api/v1 (efirCallRoutes) by name. */
export function createEfirClient(options: ClientOptions = {}): Caller<EfirCalls> {
  return clientOf<EfirCalls>(apiPrefix, efirCallRoutes, options);
}

/** Calls /api/admin by a call's name, with the operators' bearer token. */
export function createAdminClient(options: ClientOptions & { token: string }): Caller<AdminCalls> {
  return clientOf<AdminCalls>(adminPrefix, adminCallRoutes, {
    ...options,
    headers: () => ({ ...options.headers?.(), authorization: `Bearer ${options.token}` }),
  });
}

/** The header a studio call that changes something carries its session's CSRF token in. */
export const csrfHeader = 'x-csrf-token';

/**
 * Calls /api/studio by a call's name with the session's cookie (the page's own origin, or a
 * `cookie` header given in `headers`) and, when there is one, its CSRF token.
 */
export function createStudioClient(
  options: ClientOptions & { csrfToken?: () => string | undefined },
): Caller<StudioCalls> {
  return clientOf<StudioCalls>(studioPrefix, studioCallRoutes, {
    ...options,
    headers: () => {
      const token = options.csrfToken?.();
      return { ...options.headers?.(), ...(token === undefined ? {} : { [csrfHeader]: token }) };
    },
  });
}

export type ApiClient = Caller<SpecCalls>;
export type AdminClient = Caller<AdminCalls>;
export type StudioClient = Caller<StudioCalls>;
