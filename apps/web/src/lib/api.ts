// The one way the web app calls /api/v1: the contract's client (packages/contract/src/client.ts),
// with the page's script in Accept-Language. The server validates every answer against the
// contract's schemas before sending it, so the page does not parse them again: zod stays out of
// its bundle. Each call has one query key, made from its name and inputs.
import {
  type Answer,
  ApiError,
  callAnswerWithinMs,
  type CallInput,
  type CallName,
  type calls,
  createApiClient,
  defaultLocale,
  type Locale,
} from '@efir/contract';
import { queryOptions } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

export { ApiError };

let apiLocale: Locale = defaultLocale;

/** Set once at start: the page reloads when the script changes. */
export function setApiLocale(locale: Locale): void {
  apiLocale = locale;
}

/** The script the page asks its texts in. */
export function apiLocaleNow(): Locale {
  return apiLocale;
}

/** Calls /api/v1 by a call's name, typed by the contract: `api('video', { params: { id } })`. */
export const api = createApiClient({
  headers: () => ({ 'Accept-Language': apiLocale }),
  answerWithinMs: callAnswerWithinMs,
});

/**
 * The query key of a call: its name, then its path parameters and query when it has them. One call
 * with the same inputs is one cache entry, whichever screen asks.
 */
export function callKey(name: CallName, input: { params?: object; query?: object } = {}) {
  return [
    name,
    ...(input.params === undefined ? [] : [input.params]),
    ...(input.query === undefined ? [] : [input.query]),
  ] as const;
}

/** What a call's query is told: its path parameters (required when it has them) and query. */
type QueryInput<N extends CallName> = Pick<CallInput<(typeof calls)[N]>, 'params' | 'query'>;
type QueryArgs<N extends CallName> = (typeof calls)[N] extends { params: object }
  ? [input: QueryInput<N>]
  : [input?: QueryInput<N>];

/** A call as a query: its key (callKey) and its answer, abandoned when the query is. */
export function callQuery<N extends CallName>(name: N, ...[input]: QueryArgs<N>) {
  // `api`'s arguments depend on the name, which a generic name leaves open: the same call, typed here.
  const call = api as (name: N, input: object) => Promise<Answer<N>>;
  return queryOptions({
    queryKey: callKey(name, input),
    queryFn: ({ signal }) => call(name, { ...input, signal }),
  });
}

/**
 * Asks a query again when `trigger` changes while `scope` (what the query's key names, such as the
 * day) stays: the same call, the same key. A new scope is a new key, which TanStack asks by itself.
 */
export function useRefetchOn(scope: unknown, trigger: unknown, refetch: () => unknown, enabled: boolean): void {
  const last = useRef({ scope, trigger });
  useEffect(() => {
    const before = last.current;
    last.current = { scope, trigger };
    if (enabled && Object.is(before.scope, scope) && !Object.is(before.trigger, trigger)) void refetch();
  }, [scope, trigger, refetch, enabled]);
}
