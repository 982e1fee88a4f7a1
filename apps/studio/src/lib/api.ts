// The one way the studio calls the server: the contract's studio client, with the session's CSRF
// token on every call that changes something. Each call has one query key, made from its name and
// inputs; a change drops the keys it touches.
import {
  ApiError,
  callAnswerWithinMs,
  createStudioClient,
  type StudioCallName,
  type StudioSession,
} from '@efir/contract';
import { QueryClient } from '@tanstack/react-query';

export { ApiError };

let csrfToken: string | undefined;
let login: string | undefined;

/** Remembers the session the server answered (its CSRF token goes with every change). */
export function rememberSession(session: StudioSession | null): void {
  csrfToken = session?.csrfToken;
  login = session?.user.login;
}

/** Who is signed in, as the server last said. */
export function signedInLogin(): string | undefined {
  return login;
}

export const studio = createStudioClient({ csrfToken: () => csrfToken, answerWithinMs: callAnswerWithinMs });

/** The query key of a call: its name, then its path parameters and query when it has them. */
export function callKey(name: StudioCallName, input: { params?: object; query?: object } = {}) {
  return [
    name,
    ...(input.params === undefined ? [] : [input.params]),
    ...(input.query === undefined ? [] : [input.query]),
  ] as const;
}

/** What went wrong, in the editor's words: the server's detail, else a plain sentence. */
export function problemOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.detail !== undefined) return error.detail;
    if (error.status === 503) return 'База данных недоступна, попробуйте через несколько секунд.';
    return `Сервер ответил ошибкой ${String(error.status)}.`;
  }
  return 'Нет связи с сервером. Проверьте подключение и попробуйте ещё раз.';
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      refetchOnWindowFocus: true,
      retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status < 500),
    },
  },
});

/** The CSRF token of the session the studio holds, for requests made outside the client (uploads). */
export function currentCsrfToken(): string | undefined {
  return csrfToken;
}
