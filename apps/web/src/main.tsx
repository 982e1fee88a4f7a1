import '@fontsource-variable/golos-text';
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { setApiLocale } from './lib/api.ts';
import { isLocale } from '@efir/contract';
import { resolveLocale, splitLocale, withLocale } from './lib/locale.ts';
import { readStored } from './lib/storage.ts';

// The script is settled before anything renders: a locale-shaped segment that is not allowed is
// replaced by the stored locale's form of the same address.
const located = splitLocale(window.location.pathname);
const stored = readStored('locale');
if (located.unknown !== undefined) {
  const { search, hash } = window.location;
  window.history.replaceState(
    null,
    '',
    `${withLocale(located.rest, isLocale(stored) ? stored : undefined)}${search}${hash}`,
  );
}
const urlLocale = located.unknown === undefined ? located.locale : isLocale(stored) ? stored : undefined;
const locale = resolveLocale(urlLocale, stored);
setApiLocale(locale);
document.documentElement.lang = locale === 'ru-latn' ? 'ru-Latn' : 'ru';

const root = document.getElementById('root');
if (root === null) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App locale={locale} urlLocale={urlLocale} />
  </StrictMode>,
);
