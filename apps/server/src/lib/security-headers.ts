// The headers every answer of both ports carries (docs/SECURITY.md, "HTTP"): a Content-Security-Policy
// that lets the site's pages run only the site's own scripts, show frames only of the allow-listed
// video hosts and play media only from the site and its media port; and no content sniffing, no
// full address leaked to other sites.
import { createHash } from 'node:crypto';
import { embedHosts } from '@efir/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The CSP hash sources of the inline scripts of a page (`<script>` without `src`), as served. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/giu)]
    .filter(([, attributes = '']) => !/\bsrc\s*=/iu.test(attributes))
    .map(([, , body = '']) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  return [...new Set(hashes)];
}

/** The media port's origin for each origin the pages are served from: the page asks its own
 * host's media port (apps/web/src/lib/media-origin.ts). */
export function mediaOrigins(siteOrigins: readonly string[], mediaPort: number): string[] {
  const origins = siteOrigins.map((origin) => {
    const url = new URL(origin);
    return `${url.protocol}//${url.hostname}:${String(mediaPort)}`;
  });
  return [...new Set(origins)];
}

/** The site port's policy, for its pages (and the API's documentation page). */
export function sitePolicy(options: { scriptHashes: readonly string[]; mediaOrigins: readonly string[] }): string {
  const sources = (...list: readonly string[]): string => list.join(' ');
  const media = options.mediaOrigins;
  const directives = [
    `default-src 'self'`,
    `script-src ${sources(`'self'`, ...options.scriptHashes)}`,
    // Inline style attributes are how React sets computed styles (a progress bar's width, a
    // ticker's offset) and how Swagger UI lays itself out; styles cannot run code.
    `style-src 'self' 'unsafe-inline'`,
    // data: for the build's inlined small images; blob: for the players' MediaSource.
    `img-src ${sources(`'self'`, 'data:', 'blob:', ...media)}`,
    // data: for the empty `data:,WEBVTT` that hls.js gives each subtitle track element it makes
    // (their cues it adds itself, from the subtitle renditions on the media origin).
    `media-src ${sources(`'self'`, 'data:', 'blob:', ...media)}`,
    `connect-src ${sources(`'self'`, ...media)}`,
    // hls.js runs its demuxer in a worker made from a blob.
    `worker-src 'self' blob:`,
    `frame-src ${sources(...embedHosts.map(([host]) => `https://${host}`))}`,
    `frame-ancestors 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
  ];
  return directives.join('; ');
}

/** The media port's policy: it serves no pages, so a file that a browser would render (an HTML
 * or SVG put among the media) runs nothing, loads nothing and shows in no frame. */
export const mediaPolicy = `default-src 'none'; frame-ancestors 'none'; sandbox`;

export function securityHeaders(policy: string): Record<string, string> {
  return {
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}

/** Puts the headers `headersFor` gives an address on every answer of the app, errors and
 * not-found answers included. */
export const securityHeadersPlugin = fp(
  (
    app: FastifyInstance,
    options: { headersFor: (url: string) => Record<string, string> },
    done: (error?: Error) => void,
  ) => {
    app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, _payload: unknown, next: () => void) => {
      reply.headers(options.headersFor(request.url));
      next();
    });
    done();
  },
  { name: 'efir-security-headers' },
);
