// The site's pages (SPEC §2) and how an address names one, for both ends: the web app's router
// shows the page, redirects a wrong locale or shows the 404 screen; the server answers the same
// address with status 200 or 404 in the served HTML.
import { isLocale, type Locale } from './constants.ts';

/** The pages' paths under the optional locale segment; a video's page is `/video/item/{id}`. */
export const pagePaths = ['/', '/radio', '/radio/catalog', '/radio/program', '/tv', '/catalog', '/about', '/search'];

const videoPage = /^\/video\/item\/[1-9]\d{0,9}$/u;

/** Whether `path` (a locale already taken off, no trailing slash but the root's) is a page. */
export function isPagePath(path: string): boolean {
  return pagePaths.includes(path) || videoPage.test(path);
}

/** A BCP 47-like tag (`en`, `en-us`, `ru-latin`): a first segment meant as a locale. */
export function looksLikeLocale(segment: string): boolean {
  return /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/iu.test(segment);
}

export type PageAddress =
  /** A page, under an allowed locale or none. */
  | { kind: 'page'; locale: Locale | undefined; path: string }
  /** A page under a locale that is not allowed: shown under the visitor's stored locale instead. */
  | { kind: 'wrong-locale'; path: string }
  | { kind: 'missing' };

/** What an address's path names. A first segment before a page's path is a locale, allowed or not;
 * alone, it is a locale when it looks like one (`/en` goes home in the stored script). */
export function pageAddress(pathname: string): PageAddress {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/u, '') || '/' : pathname;
  if (isPagePath(trimmed)) return { kind: 'page', locale: undefined, path: trimmed };
  const match = /^\/([^/]+)(\/.*)?$/u.exec(trimmed);
  const first = match?.[1];
  if (first === undefined) return { kind: 'missing' };
  const path = match?.[2] ?? '/';
  if (isLocale(first)) return isPagePath(path) ? { kind: 'page', locale: first, path } : { kind: 'missing' };
  if (path === '/' ? looksLikeLocale(first) : isPagePath(path)) return { kind: 'wrong-locale', path };
  return { kind: 'missing' };
}

/** The origin a link is resolved against to tell a page of the site from another host. */
const ownOrigin = 'https://site.invalid';

/**
 * A link as a browser reads it, or undefined when it is neither a page of the site nor an https
 * address: a page (`/catalog?tab=2`) by its path, query and fragment as the URL parser makes them
 * (`/\\evil.example/` and `//evil.example` name another host, not a page); an https address whole.
 * Empty stays empty (no link).
 */
export function normalisedLink(link: string): string | undefined {
  if (link === '') return '';
  if (/[\s\p{Cc}]/u.test(link)) return undefined;
  let url: URL;
  try {
    url = new URL(link, `${ownOrigin}/`);
  } catch {
    return undefined;
  }
  if (link.startsWith('/')) return url.origin === ownOrigin ? `${url.pathname}${url.search}${url.hash}` : undefined;
  return /^https:\/\//iu.test(link) && url.protocol === 'https:' && url.origin !== ownOrigin ? url.href : undefined;
}
