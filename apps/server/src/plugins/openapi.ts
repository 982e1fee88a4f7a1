// The OpenAPI document of every call (the spec's, the operators' and the studio's), at
// /api/openapi.json and browsable at /api/docs. Registered on the app itself, not as a plugin of
// its own, so that it sees every route.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { adminPrefix, apiPrefix, csrfHeader, studioPrefix } from '@efir/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { adminSecurity, adminTag, studioSecurity, studioTag } from '../lib/route.ts';
import { studioCookie } from '../studio/access.ts';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Efir API',
        version: '1',
        description: `The ${apiPrefix} calls of the Efir site, the operators' calls under ${adminPrefix} (tag ${adminTag}, bearer token) and the studio's under ${studioPrefix} (tag ${studioTag}, session cookie). Loose ends of the specification are pinned in docs/API.md.`,
      },
      tags: [
        {
          name: adminTag,
          description: `The operators' calls under ${adminPrefix}: the bearer token in DATA_DIR/admin-token.`,
        },
        {
          name: studioTag,
          description:
            `The studio's calls under ${studioPrefix} (docs/STUDIO.md): a session cookie from signing in, ` +
            `and on every call that changes something the session's ${csrfHeader} header and a page of the site as its Origin.`,
        },
      ],
      components: {
        securitySchemes: {
          [adminSecurity]: { type: 'http', scheme: 'bearer', description: 'The token in DATA_DIR/admin-token.' },
          [studioSecurity]: {
            type: 'apiKey',
            in: 'cookie',
            name: studioCookie,
            description: `Set by POST ${studioPrefix}/session; HttpOnly, SameSite=Strict.`,
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The tags open collapsed: Swagger UI 5 stops drawing the list part way when it draws all of
  // Efir's ~150 calls at once (the public, studio and admin tags open together), and draws each
  // tag whole when it is opened.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
