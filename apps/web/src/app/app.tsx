import type { Locale } from '@efir/contract';
import { QueryCache, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ApiError } from '../lib/api.ts';
import { connectLiveEvents } from '../lib/live-events.ts';
import { I18nContext, makeTranslate, translationsQuery } from '../lib/i18n.tsx';
import { routes } from './router.tsx';

const queryClient = new QueryClient({
  // A failed call is only logged (SPEC §8): the screen keeps what it shows.
  queryCache: new QueryCache({
    onError: (error) => {
      console.error(error);
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status < 500),
    },
  },
});

connectLiveEvents(queryClient);

const router = createBrowserRouter(routes);

/** The brand bar index.html paints first, kept until the words arrive so nothing jumps. */
function BootHeader() {
  return (
    <div className="boot-header" aria-busy="true">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <circle cx="16" cy="16" r="14" fill="none" stroke="currentColor" strokeOpacity=".45" strokeWidth="2.5" />
        <circle cx="16" cy="16" r="8.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <circle cx="16" cy="16" r="3.5" fill="#c62828" />
      </svg>
    </div>
  );
}

function Localised({ locale, urlLocale }: { locale: Locale; urlLocale: Locale | undefined }) {
  const translations = useQuery(translationsQuery(locale));
  const catalogue = translations.data;
  const i18n = useMemo(
    () => (catalogue === undefined ? null : { locale, urlLocale, t: makeTranslate(catalogue) }),
    [catalogue, locale, urlLocale],
  );
  // The whole page renders once the words are here: in the background, in slices the browser can
  // interleave with its own work, instead of in one long task (a store's update renders at once).
  const shown = useDeferredValue(i18n);
  if (translations.isError) {
    return (
      <p className="boot-error" role="alert">
        Cannot load locale
      </p>
    );
  }
  if (shown === null) return <BootHeader />;
  return (
    <I18nContext value={shown}>
      <RouterProvider router={router} />
    </I18nContext>
  );
}

export function App({ locale, urlLocale }: { locale: Locale; urlLocale: Locale | undefined }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Localised locale={locale} urlLocale={urlLocale} />
    </QueryClientProvider>
  );
}
