// The interface's script: ru-cyrl or ru-latn. A URL may start with it (`/ru-latn/catalog`); without
// it the stored choice holds, else the default. Any other first segment before a page (`/xx/tv`,
// the contract's `pageAddress`) is sent to the stored locale's form of the same path.
import { defaultLocale, isLocale, type Locale, locales, pageAddress } from '@efir/contract';

/** The script switch's target: the locale after this one, round. */
export function nextLocale(locale: Locale): Locale {
  const index = locales.indexOf(locale);
  return locales[(index + 1) % locales.length] ?? defaultLocale;
}

export interface LocatedPath {
  /** The allowed locale the path starts with, if any. */
  locale: Locale | undefined;
  /** A first segment standing where a locale would, not an allowed one, if any. */
  unknown: string | undefined;
  /** The path without its locale segment, always starting with '/'. */
  rest: string;
}

export function splitLocale(pathname: string): LocatedPath {
  const match = /^\/([^/]+)(\/.*)?$/u.exec(pathname);
  const first = match?.[1];
  const rest = match?.[2] ?? '/';
  if (first !== undefined && isLocale(first)) return { locale: first, unknown: undefined, rest };
  const address = pageAddress(pathname);
  if (first !== undefined && address.kind === 'wrong-locale') return { locale: undefined, unknown: first, rest };
  return { locale: undefined, unknown: undefined, rest: pathname === '' ? '/' : pathname };
}

/** `path` (starting with '/') under the given URL locale, or bare when there is none. */
export function withLocale(path: string, prefix: Locale | undefined): string {
  if (prefix === undefined) return path;
  return path === '/' ? `/${prefix}` : `/${prefix}${path}`;
}

/** The locale to show: the URL's, else the stored one, else the default. */
export function resolveLocale(urlLocale: Locale | undefined, stored: string | null): Locale {
  if (urlLocale !== undefined) return urlLocale;
  return isLocale(stored) ? stored : defaultLocale;
}
