// The studio's session: asked of the server at start (the cookie is HttpOnly, so only the server
// knows it), kept in the query cache, and forgotten when any call says it has ended.
import type { StudioSession } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, currentCsrfToken, queryClient, rememberSession, studio } from '../../lib/api.ts';

export const sessionKey = ['session'] as const;

async function readSession(signal: AbortSignal): Promise<StudioSession | null> {
  try {
    const session = await studio('session', { signal });
    rememberSession(session);
    return session;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      rememberSession(null);
      return null;
    }
    throw error;
  }
}

export function useSession() {
  return useQuery({ queryKey: sessionKey, queryFn: ({ signal }) => readSession(signal), staleTime: 60_000 });
}

/** Holds a session the server just answered (after signing in). */
export function holdSession(session: StudioSession | null): void {
  rememberSession(session);
  queryClient.setQueryData(sessionKey, session);
}

/** Where the studio's screens live (the router's basename). */
export const studioBase = '/studio';

/**
 * Forgets the session and everything read under it: the sign-in page shows. The session goes
 * first, so the screens (and their polling) unmount with it; clearing the cache first would leave
 * them watching queries no longer in it, still shown and still asking.
 */
export function forgetSession(): void {
  holdSession(null);
  forgetAccountsCalls();
}

/** Stops (aborting those under way) and forgets every call but the session's. */
function forgetAccountsCalls(): void {
  const other = { predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== sessionKey[0] };
  void queryClient.cancelQueries(other);
  queryClient.removeQueries(other);
  queryClient.getMutationCache().clear();
}

/** Signing out: forgets the session and leaves the screen, so whoever signs in next starts at the
 * studio's first page, not on a screen of the last account's. */
export function signOut(): void {
  forgetSession();
  window.history.replaceState(null, '', `${studioBase}/`);
}

/**
 * The sign-out button: the screens, their polling and their calls under way stop first (aborted),
 * then the server ends the session, so no call of this account reaches it after that; the sign-in
 * page shows at once, whatever the server answers.
 */
export async function leaveStudio(): Promise<void> {
  // The session shown goes (and the screens with it); its CSRF token stays for the call that ends it.
  queryClient.setQueryData(sessionKey, null);
  forgetAccountsCalls();
  window.history.replaceState(null, '', `${studioBase}/`);
  const token = currentCsrfToken();
  await studio('logout').catch(() => undefined);
  // Unless the next account signed in meanwhile.
  if (currentCsrfToken() === token) rememberSession(null);
}

/** Any call answered 401: the session ended (idle, signed out elsewhere, disabled). */
export function sessionEnded(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) forgetSession();
}
