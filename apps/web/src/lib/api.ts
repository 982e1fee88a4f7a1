// The one way the web app calls /api/v1: every call carries the page's script in Accept-Language
// and its answer is typed by the contract. The server validates every answer against the same
// schemas before sending it, so the page does not parse them again: zod stays out of its bundle.
import { type Answer, apiPrefix, type CallName, defaultLocale, type Locale } from '@efir/contract';

let apiLocale: Locale = defaultLocale;

/** Set once at start: the page reloads when the script changes. */
export function setApiLocale(locale: Locale): void {
  apiLocale = locale;
}

export class ApiError extends Error {
  readonly status: number;
  /** The server's `{detail}`, when it gave one. */
  readonly detail: string | undefined;
  constructor(path: string, status: number, detail?: string) {
    super(`${path}: HTTP ${status}${detail === undefined ? '' : `: ${detail}`}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
  }
}

export interface CallOptions {
  method?: 'GET' | 'PATCH' | 'PUT' | 'POST';
  signal?: AbortSignal;
  /** Sent as JSON. */
  body?: unknown;
}

async function detailOf(response: Response): Promise<string | undefined> {
  try {
    const answer: unknown = await response.json();
    if (typeof answer === 'object' && answer !== null && 'detail' in answer && typeof answer.detail === 'string') {
      return answer.detail;
    }
  } catch {
    // Not JSON: no detail.
  }
  return undefined;
}

export async function fetchCall<K extends CallName>(path: string, options: CallOptions = {}): Promise<Answer<K>> {
  const headers: Record<string, string> = { 'Accept-Language': apiLocale };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${apiPrefix}${path}`, {
    method: options.method ?? 'GET',
    headers,
    signal: options.signal ?? null,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  if (!response.ok) throw new ApiError(path, response.status, await detailOf(response));
  return (await response.json()) as Answer<K>;
}

/** A query string from defined values, in the given order. */
export function queryString(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) params.set(key, String(value));
  return params.toString();
}
