// The studio's session: asked of the server at start (the cookie is HttpOnly, so only the server
// knows it), kept in the query cache, and forgotten when any call says it has ended.
import type { StudioSession } from '@efir/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, queryClient, rememberSession, studio } from '../../lib/api.ts';

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

/** Forgets the session and everything read under it (signed out): the sign-in page shows. */
export function forgetSession(): void {
  queryClient.clear();
  holdSession(null);
}

/** Any call answered 401: the session ended (idle, signed out elsewhere, disabled). */
export function sessionEnded(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) forgetSession();
}
