// The studio's calls under /api/studio (docs/STUDIO.md): the contract's `studioCalls`, each
// guarded by the access hook, and the resumable uploads.
import { type StudioAccess, studioUploadsPath } from '@efir/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { recordChange } from '../repositories/audit.ts';
import { actorOf, callerOf, studioAccessPlugin } from './access.ts';
import type { StudioContext } from './context.ts';
import { accountRoutes } from './routes/accounts.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { chatRoutes } from './routes/chat.ts';
import { audienceRoutes } from './routes/audience.ts';
import { jobRoutes } from './routes/jobs.ts';
import { scheduleRoutes } from './routes/schedule.ts';
import { channelRoutes } from './routes/channels.ts';
import { sessionRoutes } from './routes/session.ts';
import { aboutRoutes } from './routes/about.ts';
import { categoryRoutes } from './routes/categories.ts';
import { homeRowRoutes } from './routes/home-rows.ts';
import { pollRoutes } from './routes/polls.ts';
import { popularPickRoutes } from './routes/popular.ts';
import { radioListingRoutes } from './routes/radio-listings.ts';
import { searchPickRoutes } from './routes/search-picks.ts';
import { slideRoutes } from './routes/slides.ts';

export interface StudioOptions extends StudioContext {
  /** The site's origins: a change must come from a page of one. */
  origins: readonly string[];
  timeZone: string;
}

/** Who may upload: whoever may add a video. */
const uploaders: StudioAccess = ['admin', 'editor'];

export const studioPlugin: FastifyPluginAsync<StudioOptions> = async (app, registered) => {
  // The children are given the options without the prefix this plugin was registered under,
  // which they would add again.
  const { prefix: _prefix, ...options } = registered as StudioOptions & { prefix?: string };
  await app.register(studioAccessPlugin, { db: options.db, session: options.session, origins: options.origins });
  await app.register(sessionRoutes, options);
  await app.register(accountRoutes, options);
  await app.register(catalogueRoutes, options);
  // What editors arrange on the public site, a screen each.
  for (const screen of [
    categoryRoutes,
    slideRoutes,
    pollRoutes,
    aboutRoutes,
    searchPickRoutes,
    radioListingRoutes,
    homeRowRoutes,
    popularPickRoutes,
  ]) {
    await app.register(screen, options);
  }
  await app.register(scheduleRoutes, options);
  await app.register(channelRoutes, options);
  await app.register(jobRoutes, options);
  await app.register(audienceRoutes, options);
  await app.register(chatRoutes, options);

  // The tus protocol's requests go to the tus server as they came: their bodies are the file.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => {
    done(null);
  });
  const upload = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { user } = callerOf(request);
    // The answer is the tus server's; the headers of the site's hooks go with it.
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.raw.setHeader('x-content-type-options', 'nosniff');
    await options.uploads.handle(request.raw, reply.raw, {
      userId: user.id,
      record: (change) => recordChange(options.db, actorOf(request), change),
    });
  };
  const methods = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'];
  const config = { studioAccess: uploaders };
  app.route({ method: methods, url: studioUploadsPath, config, schema: { hide: true }, handler: upload });
  app.route({ method: methods, url: `${studioUploadsPath}:id`, config, schema: { hide: true }, handler: upload });
};
