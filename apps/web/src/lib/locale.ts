// The interface's script: ru-cyrl or ru-latn. A URL may start with it (`/ru-latn/catalog`); without
// it the stored choice holds, else the default. A first segment shaped like a locale tag but not an
// allowed one (`/en-us/tv`) is sent to the stored locale's form of the same path.
import { defaultLocale, isLocale, type Locale, locales } from '@efir/contract';

/** The script switch's target: the locale after this one, round. */
export function nextLocale(locale: Locale): Locale {
  const index = locales.indexOf(locale);
  return locales[(index + 1) % locales.length] ?? defaultLocale;
}

/** A BCP 47-like tag (`en-us`, `ru-latin`, `sr-cyrl`): a segment meant as a locale. */
export function looksLikeLocale(segment: string): boolean {
  return /^[a-z]{2,3}(?:-[a-z0-9]{2,8})+$/iu.test(segment);
}

export interface LocatedPath {
  /** The allowed locale the path starts with, if any. */
  locale: Locale | undefined;
  /** A locale-shaped first segment that is not allowed, if any. */
  unknown: string | undefined;
  /** The path without its locale segment, always starting with '/'. */
  rest: string;
}

export function splitLocale(pathname: string): LocatedPath {
  const match = /^\/([^/]+)(\/.*)?$/u.exec(pathname);
  const first = match?.[1];
  const rest = match?.[2] ?? '/';
  if (first !== undefined && isLocale(first)) return { locale: first, unknown: undefined, rest };
  if (first !== undefined && looksLikeLocale(first)) return { locale: undefined, unknown: first, rest };
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
