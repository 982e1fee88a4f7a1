// The head of the HTML the site sends for a page: title, description, canonical address, Open
// Graph and `lang` in the page's script, so a link pasted into a messenger or read by a search
// engine shows the page's name and picture without running the app.
import { type Locale, localeSchema, pageAddress, toLatin, type Translations } from '@efir/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { aboutPages } from '../repositories/showcase.ts';
import { findItem } from '../repositories/catalogues.ts';
import { loadCatalogues } from '../translations/catalogue.ts';
import { type Screen, screenFiles, type ViteManifest } from './screen-files.ts';

export interface PageHead {
  lang: 'ru' | 'ru-Latn';
  title: string;
  description: string;
  /** An absolute URL. */
  canonical: string;
  /** An absolute URL. */
  image: string;
  type: 'website' | 'video.other';
  siteName: string;
  /** 404 for a video the site does not have; the app still renders its own not-found page. */
  status: 200 | 404;
  /** The screen the address shows, whose build files the HTML asks for at once. */
  screen: Screen | undefined;
  /** An image the screen shows first and large (a video's poster), asked for at once. */
  heroImage: string | undefined;
}

/** The pages: their screen, and the catalogue keys of their title and description. */
const pages: Readonly<Record<string, { screen: Screen; title: string | undefined; description: string }>> = {
  '/': { screen: 'home', title: undefined, description: 'meta.description' },
  '/radio': { screen: 'radio', title: 'nav.live_radio', description: 'meta.radio' },
  '/tv': { screen: 'teleprogram', title: 'programme.tv_title', description: 'meta.teleprogram' },
  '/radio/program': { screen: 'radioprogram', title: 'programme.radio_title', description: 'meta.radioprogram' },
  '/catalog': { screen: 'catalog', title: 'catalog.title', description: 'meta.catalog' },
  '/radio/catalog': { screen: 'radio-catalog', title: 'radio_catalog.title', description: 'meta.radio_catalog' },
  '/about': { screen: 'about', title: 'about.title', description: 'meta.description' },
  '/search': { screen: 'search', title: 'search.title', description: 'meta.description' },
};

export const defaultShareImage = '/og-image.jpg';

/** The page's locale prefix, if any, and the path under it. */
function splitPath(pathname: string): { locale: Locale | undefined; rest: string } {
  const match = /^\/(ru-cyrl|ru-latn)(\/.*)?$/u.exec(pathname);
  const locale = localeSchema.safeParse(match?.[1]);
  if (match === null || !locale.success) return { locale: undefined, rest: pathname };
  return { locale: locale.data, rest: match[2] ?? '/' };
}

function absolute(origin: string, url: string): string {
  return /^https?:\/\//u.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Collapses white space and cuts a description to a length search engines show whole. */
function summary(text: string, max = 200): string {
  const flat = text.replaceAll(/\s+/gu, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

export async function pageHead(
  db: Db,
  catalogues: Record<Locale, Translations>,
  origin: string,
  url: string,
): Promise<PageHead> {
  const pathname = new URL(url, 'http://site').pathname.replace(/(.)\/+$/u, '$1');
  const { locale, rest } = splitPath(pathname);
  const catalogue = catalogues[locale ?? 'ru-cyrl'];
  const script = (text: string): string => (locale === 'ru-latn' ? toLatin(text) : text);
  const label = (key: string): string => catalogue[key] ?? '';
  const titled = (name: string): string => `${name} — ${label('app.name')}`;
  const head: PageHead = {
    lang: locale === 'ru-latn' ? 'ru-Latn' : 'ru',
    title: label('app.title'),
    description: label('meta.description'),
    canonical: `${origin}${pathname}`,
    image: absolute(origin, defaultShareImage),
    type: 'website',
    siteName: label('app.name'),
    status: 200,
    screen: undefined,
    heroImage: undefined,
  };

  const videoId = /^\/video\/item\/(\d{1,10})$/u.exec(rest)?.[1];
  if (videoId !== undefined) {
    const id = Number(videoId);
    const video = id >= 1 && id <= 2_147_483_647 ? await findItem(db, 'video', id) : undefined;
    if (video === undefined) return { ...head, title: titled(label('not_found.title')), status: 404 };
    const preview = video.preview === '' ? video.previewCatalog : video.preview;
    const about = summary(script(video.description === '' ? video.plot : video.description));
    return {
      ...head,
      title: titled(script(video.name)),
      description: about === '' ? head.description : about,
      image: preview === '' ? head.image : absolute(origin, preview),
      type: 'video.other',
      screen: 'video',
      heroImage: video.preview === '' || video.externalEmbed !== '' ? undefined : video.preview,
    };
  }

  const page = pages[rest];
  if (page === undefined) {
    // Another locale before a page is the app's to replace with the visitor's stored one.
    if (pageAddress(pathname).kind === 'wrong-locale') return head;
    return { ...head, title: titled(label('not_found.title')), status: 404 };
  }
  let description = label(page.description);
  if (rest === '/about') {
    const about = (await aboutPages(db))[0];
    if (about !== undefined) description = summary(script(about.text0));
  }
  return {
    ...head,
    title: page.title === undefined ? head.title : titled(label(page.title)),
    description,
    screen: page.screen,
  };
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** The app's index.html with the page's head: `lang`, title, description, canonical, Open Graph,
 * and the build files and picture of its screen asked for at once. */
export function renderHead(html: string, head: PageHead, manifest?: ViteManifest): string {
  const files = manifest === undefined || head.screen === undefined ? undefined : screenFiles(manifest, head.screen);
  const meta = [
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:site_name" content="${escapeHtml(head.siteName)}" />`,
    `<meta property="og:locale" content="ru_RU" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.canonical)}" />`,
    `<meta property="og:image" content="${escapeHtml(head.image)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    ...(head.heroImage === undefined
      ? []
      : [`<link rel="preload" as="image" href="${escapeHtml(head.heroImage)}" fetchpriority="high" />`]),
    ...(files?.scripts ?? []).map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}" />`),
    // `crossorigin` as Vite's own stylesheet links have it: a preload in another credentials mode
    // is not used, and the browser downloads the file twice.
    ...(files?.styles ?? []).map((file) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(file)}" />`),
  ].join('\n    ');
  // Replacer functions: a replacement string would expand $', $& and $` that a title or an
  // address may hold into parts of the document.
  return html
    .replace(/<html lang="[^"]*"/u, () => `<html lang="${head.lang}"`)
    .replace(/<title>[^<]*<\/title>/u, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/u,
      () => `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace('</head>', () => `  ${meta}\n  </head>`);
}

/** Answers a page address with the app's index.html carrying that page's head; its absolute
 * addresses start with `origin` (PUBLIC_URL's), whatever Host the request named. */
export function servePage(db: Db, indexHtml: string, origin: string, manifest?: ViteManifest) {
  const catalogues = loadCatalogues();
  return async (request: FastifyRequest, reply: FastifyReply) => {
    let head: PageHead;
    try {
      head = await pageHead(db, catalogues, origin, request.url);
    } catch (error) {
      // The page still works without its own head: the app fills the title in.
      request.log.error({ err: error }, 'page head failed');
      head = await pageHead(db, catalogues, origin, '/');
    }
    return reply
      .code(head.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(renderHead(indexHtml, head, manifest));
  };
}
