import { apiPrefix, apiUrl, pagePaths } from '@efir/contract';
import { readFileSync, rmSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/database.ts';
import { testTimeZone } from '../../test/postgres.ts';
import { webBuild } from '../../test/web-build.ts';
import { buildApp } from '../app.ts';
import { inProcessBus } from '../bus/bus.ts';
import type { Database } from '../db/database.ts';
import { video } from '../db/schema/video.ts';
import { loadCatalogues } from '../translations/catalogue.ts';
import { type PageHead, pageHead, renderHead } from './page-head.ts';
import { screenFiles, screens, type ViteManifest } from './screen-files.ts';

const indexHtml = `<!doctype html>
<html lang="ru">
  <head>
    <title>Эфир — телевидение и радио онлайн</title>
    <meta
      name="description"
      content="Эфир: прямой эфир телеканала и радио."
    />
  </head>
  <body><div id="root"></div></body>
</html>
`;

let app: FastifyInstance;
let database: Database;
let dist: string;
const bus = inProcessBus();

beforeAll(async () => {
  dist = webBuild({
    'index.html': indexHtml,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'assets/index-Cd9lrnDy.js': 'console.log(1);',
    // A source map an older build left: never served.
    'assets/index-Cd9lrnDy.js.map': '{"version":3,"sources":["secret.ts"]}',
  });
  database = await testDatabase('pglite', 'seeded');
  app = await buildApp({
    config: { timeZone: testTimeZone, logLevel: 'silent', publicUrl: 'http://efir.test' },
    db: database.db,
    bus,
    logger: false,
    webDist: dist,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await bus.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

function meta(html: string, property: string): string | undefined {
  const pattern = new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`, 'u');
  return pattern.exec(html)?.[1];
}

async function page(url: string) {
  const response = await app.inject({ method: 'GET', url, headers: { host: 'efir.test' } });
  return { status: response.statusCode, html: response.body, type: response.headers['content-type'] };
}

async function publishedVideo(): Promise<{ id: number; name: string }> {
  const response = await app.inject({ method: 'GET', url: apiUrl('videoCatalogue', { query: { page: 1 } }) });
  const first = response.json<{ results: { id: number; name: string }[] }>().results[0];
  if (first === undefined) throw new Error('the demo has no published video');
  return first;
}

describe('the head of the HTML the site sends', () => {
  it("carries a video's title, description, canonical address and picture", async () => {
    const video = await publishedVideo();
    const { status, html, type } = await page(`/video/item/${video.id}`);
    expect(status).toBe(200);
    expect(type).toContain('text/html');
    expect(html).toContain('<html lang="ru"');
    expect(html).toContain(`<title>${video.name} — Эфир</title>`);
    expect(meta(html, 'og:title')).toBe(`${video.name} — Эфир`);
    expect(meta(html, 'og:type')).toBe('video.other');
    expect(meta(html, 'og:image')).toMatch(/^http:\/\/efir\.test\//u);
    expect(meta(html, 'description')?.length).toBeGreaterThan(20);
    expect(html).toContain(`<link rel="canonical" href="http://efir.test/video/item/${video.id}" />`);
    expect(html).toContain('<div id="root"></div>');
  });

  it("falls back to the site's description for a video with neither description nor plot", async () => {
    const [row] = await database.db
      .insert(video)
      .values({ name: 'Без описания', categoryId: 1 })
      .returning({ id: video.id });
    const { html } = await page(`/video/item/${String(row?.id)}`);
    expect(html).toContain('<title>Без описания — Эфир</title>');
    expect(meta(html, 'description')).toContain('Эфир');
  });

  it('is in the Latin script under /ru-latn, with lang ru-Latn', async () => {
    const video = await publishedVideo();
    const { html } = await page(`/ru-latn/video/item/${video.id}`);
    expect(html).toContain('<html lang="ru-Latn"');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/[\u0400-\u04ff]/u);
    expect(meta(html, 'og:title')).toMatch(/ — Efir$/u);
  });

  it('answers 404 for a video the site does not have, still with the app', async () => {
    const { status, html } = await page('/video/item/999999');
    expect(status).toBe(404);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<title>Страница не найдена — Эфир</title>');
  });

  it('answers every page 200, an unknown address 404 with the app, and another locale 200 for the app to replace', async () => {
    for (const path of pagePaths) expect((await page(path)).status, path).toBe(200);
    for (const path of ['/nowhere', '/catalog/extra', '/ru-latn/nowhere']) {
      const missing = await page(path);
      expect(missing.status, path).toBe(404);
      expect(missing.html).toContain('<div id="root"></div>');
    }
    expect((await page('/xx/catalog')).status).toBe(200);
  });

  it('names the catalogues, programmes and about page', async () => {
    const catalog = await page('/catalog');
    expect(catalog.html).toContain('<title>Каталог — Эфир</title>');
    expect(meta(catalog.html, 'description')).toContain('Каталог видео');
    expect((await page('/radio/catalog')).html).toContain('<title>Каталог радио — Эфир</title>');
    expect((await page('/tv')).html).toContain('<title>Телепрограмма — Эфир</title>');
    expect((await page('/radio/program')).html).toContain('<title>Радиопрограмма — Эфир</title>');
    const about = await page('/ru-latn/about');
    expect(about.html).toContain('<title>O nas — Efir</title>');
    expect(meta(about.html, 'description')).toMatch(/Efir/u);
    expect(meta(about.html, 'og:url')).toBe('http://efir.test/ru-latn/about');
  });

  it('lets browsers keep the hashed build files for a year, and the others for an hour', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-Cd9lrnDy.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    const missing = await app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('never serves a source map', async () => {
    const map = await app.inject({ method: 'GET', url: '/assets/index-Cd9lrnDy.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
  });

  it('sends pages and answers compressed to a browser that accepts it', async () => {
    const video = await publishedVideo();
    const headers = { host: 'efir.test', 'accept-encoding': 'gzip, deflate, br, zstd' };
    const compressed = await app.inject({ method: 'GET', url: `/video/item/${video.id}`, headers });
    expect(compressed.headers['content-encoding']).toBe('br');
    const { html } = await page(`/video/item/${video.id}`);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(html);
    const answer = await app.inject({ method: 'PATCH', url: apiUrl('video', { params: { id: video.id } }), headers });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(answer.rawPayload).toString())).toMatchObject({ name: video.name });
  });

  it('leaves the API and media answers alone', async () => {
    const response = await app.inject({ method: 'GET', url: `${apiPrefix}/nothing/` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('a page address or a title an attacker chose', () => {
  it("keeps $' in the address out of the page's head, and the head whole", async () => {
    const { status, html } = await page("/$'");
    expect(status).toBe(404);
    expect(html.match(/<html/gu)).toHaveLength(1);
    expect(html.match(/<\/head>/gu)).toHaveLength(1);
    expect(html.length).toBeLessThan(indexHtml.length + 4000);
  });

  it("shows a video named with $' under its own name, with its Open Graph tags", async () => {
    const { id } = await publishedVideo();
    await database.db.update(video).set({ name: "Сериал $' $& $`" }).where(eq(video.id, id));
    const { html } = await page(`/video/item/${String(id)}`);
    expect(meta(html, 'og:title')).toBe("Сериал $' $&amp; $` — Эфир");
    expect(html.match(/<html/gu)).toHaveLength(1);
    expect(html.length).toBeLessThan(indexHtml.length + 4000);
  });
});

describe('renderHead', () => {
  /** The head of a page of the site with `fields` of its own. */
  const headOf = (fields: Pick<PageHead, 'title' | 'description' | 'canonical'>): PageHead => ({
    lang: 'ru',
    ...fields,
    image: 'http://efir.test/og-image.jpg',
    type: 'website',
    siteName: 'Эфир',
    status: 200,
    screen: undefined,
    heroImage: undefined,
  });

  it('escapes what it writes into attributes', () => {
    const head = headOf({ title: 'A "quoted" <b>name</b>', description: 'x & y', canonical: 'http://efir.test/' });
    const html = renderHead(indexHtml, head);
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;b&gt;name&lt;/b&gt;</title>');
    expect(html).toContain('<meta name="description" content="x &amp; y" />');
    expect(html.match(/<title>/gu)).toHaveLength(1);
  });

  it("writes $', $& and $` as they are, never what a string replacement makes of them", () => {
    const head = headOf({ title: "Фильм $' и $& и $`", description: "$'$'$'", canonical: "http://efir.test/$'" });
    const html = renderHead(indexHtml, head);
    expect(html).toContain("<title>Фильм $' и $&amp; и $`</title>");
    expect(html).toContain(`<meta name="description" content="$'$'$'" />`);
    expect(html).toContain(`<link rel="canonical" href="http://efir.test/$'" />`);
    expect(html.match(/<html/gu)).toHaveLength(1);
    expect(html.match(/<title>/gu)).toHaveLength(1);
    expect(html.length).toBeLessThan(indexHtml.length + 2000);
  });
});

describe("the build files of the page's screen", () => {
  const manifest: ViteManifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-2.js'], css: ['assets/index-1.css'] },
    '_react-2.js': { file: 'assets/react-2.js' },
    '_grid-3.js': { file: 'assets/grid-3.js', imports: ['_react-2.js'], css: ['assets/grid-3.css'] },
    'src/app/routes/catalog.tsx': { file: 'assets/catalog-4.js', imports: ['_grid-3.js', 'index.html'] },
    'src/app/routes/video.tsx': { file: 'assets/video-5.js', imports: ['_grid-3.js'], css: ['assets/video-5.css'] },
    'src/app/routes/home.tsx': { file: 'assets/home-6.js', imports: ['index.html'] },
    '../../node_modules/hls.js/dist/hls.light.mjs': { file: 'assets/hls.light-7.js' },
  };

  it("name the router's lazy screens", () => {
    const router = readFileSync(new URL('../../../web/src/app/router.tsx', import.meta.url), 'utf8');
    for (const screen of screens) expect(router).toContain(`import('./routes/${screen}.tsx')`);
  });

  it('are what the screen loads beyond the entry, its own module first', () => {
    expect(screenFiles(manifest, 'catalog')).toEqual({
      scripts: ['/assets/catalog-4.js', '/assets/grid-3.js'],
      styles: ['/assets/grid-3.css'],
    });
    expect(screenFiles(manifest, 'video')?.styles).toEqual(['/assets/video-5.css', '/assets/grid-3.css']);
    expect(screenFiles(manifest, 'about')).toBeUndefined();
    expect(screenFiles(manifest, 'home')?.scripts).toEqual(['/assets/home-6.js']);
  });

  it("are asked for by the HTML at once, with a video's poster", async () => {
    const shown = await publishedVideo();
    const [row] = await database.db
      .update(video)
      .set({ preview: '/media/v/poster.jpg' })
      .where(eq(video.id, shown.id))
      .returning({ id: video.id });
    expect(row?.id).toBe(shown.id);
    const catalogues = loadCatalogues();
    const head = await pageHead(database.db, catalogues, 'http://efir.test', `/video/item/${shown.id}`);
    expect(head.screen).toBe('video');
    const html = renderHead(indexHtml, head, manifest);
    expect(html).toContain('<link rel="preload" as="image" href="/media/v/poster.jpg" fetchpriority="high" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/video-5.js" />');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/grid-3.css" />');
    expect(html).not.toContain('react-2.js');
    const about = await pageHead(database.db, catalogues, 'http://efir.test', '/ru-latn/about');
    expect(about.screen).toBe('about');
    expect(renderHead(indexHtml, about, manifest)).not.toContain('modulepreload');
    // hls.js is asked for by the screen after its first paint, not by the HTML.
    const home = await pageHead(database.db, catalogues, 'http://efir.test', '/');
    expect(renderHead(indexHtml, home, manifest)).toContain('href="/assets/home-6.js"');
    expect(renderHead(indexHtml, home, manifest)).not.toContain('hls.light');
  });
});
