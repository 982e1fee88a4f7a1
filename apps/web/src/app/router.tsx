// The routes of SPEC §2, each loaded when first visited, under both URL forms: bare (`/catalog`,
// the stored script) and with a locale (`/ru-latn/catalog`).
import type { RouteObject } from 'react-router';
import { closePlayer, startEfir } from '../lib/player-store.ts';
import { LocaleGate } from './locale-gate.tsx';
import { NotFoundRoute } from './routes/not-found.tsx';
import { RouteError } from './routes/route-error.tsx';
import { Layout } from './shell/layout.tsx';

/** The player's rules for entering a screen (SPEC §2, §4), run before the screen renders: its
 * first frame already has the dock it keeps. Only on entering, not on a new query of the same
 * screen. */
function entering(rule: () => void): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    loader: () => {
      rule();
      return null;
    },
    shouldRevalidate: () => false,
  };
}

function screens(): RouteObject[] {
  return [
    {
      index: true,
      // Entering the home page stops any player.
      ...entering(closePlayer),
      lazy: () => import('./routes/home.tsx').then((m) => ({ Component: m.HomeRoute })),
    },
    {
      path: 'radio',
      // Entering /radio stops any player and makes the live radio ('efir') the player.
      ...entering(startEfir),
      lazy: () => import('./routes/radio.tsx').then((m) => ({ Component: m.RadioRoute })),
    },
    {
      path: 'radio/catalog',
      lazy: () => import('./routes/radio-catalog.tsx').then((m) => ({ Component: m.RadioCatalogRoute })),
    },
    {
      path: 'radio/program',
      lazy: () => import('./routes/radioprogram.tsx').then((m) => ({ Component: m.RadioprogramRoute })),
    },
    { path: 'tv', lazy: () => import('./routes/teleprogram.tsx').then((m) => ({ Component: m.TeleprogramRoute })) },
    {
      path: 'catalog',
      // Entering the catalogue stops any player.
      ...entering(closePlayer),
      lazy: () => import('./routes/catalog.tsx').then((m) => ({ Component: m.CatalogRoute })),
    },
    { path: 'about', lazy: () => import('./routes/about.tsx').then((m) => ({ Component: m.AboutRoute })) },
    {
      path: 'video/item/:id',
      // Opening a video clears the stored radio and stops the radio player.
      ...entering(closePlayer),
      lazy: () => import('./routes/video.tsx').then((m) => ({ Component: m.VideoRoute })),
    },
    { path: 'search', lazy: () => import('./routes/search.tsx').then((m) => ({ Component: m.SearchRoute })) },
    { path: '*', Component: NotFoundRoute },
  ];
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [...screens(), { path: ':locale', Component: LocaleGate, children: screens() }],
      },
    ],
  },
];
