import {
  adminCalls,
  adminPrefix,
  apiPrefix,
  calls,
  chatMessageMaxLength,
  chatNameMaxLength,
  type CallRoute,
  eventStreamPath,
  liveEventSchemas,
  searchQueryMaxLength,
} from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { adminSecurity, adminTag } from '../../src/lib/route.ts';
import { useTestApp } from '../app.ts';

const site = useTestApp({ admin: { token: 'openapi-token', onQueued: () => undefined } });

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; schema?: object }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
interface JsonSchema {
  properties?: Record<string, JsonSchema & { maxLength?: number; minLength?: number; description?: string }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
}

async function openapi(): Promise<Document> {
  const response = await site().app.inject({ url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json<Document>();
}

/** Each operation by its operationId, with the method and path it is listed under. */
function operations(document: Document): Map<string | undefined, { where: string; operation: Operation }> {
  return new Map(
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => [
        operation.operationId,
        { where: `${method.toUpperCase()} ${path}`, operation },
      ]),
    ),
  );
}

const openapiPath = (prefix: string, route: CallRoute): string =>
  `${route.method} ${prefix}${route.path.replace(/:([a-zA-Z]+)/gu, '{$1}')}`;

describe('OpenAPI', () => {
  it('/api/openapi.json documents every implemented call of the contract by its operationId', async () => {
    const listed = operations(await openapi());
    // The live-state calls come with the live channel.
    const live = new Set([
      'teleprogramToday',
      'teleprogramNext',
      'videoPublish',
      'timeLive',
      'teleprogramRunStatus',
      'tickers',
      'radioprogramToday',
      'radioprogramNext',
      'radioPublish',
      'radioprogramShow',
    ]);
    for (const [name, route] of Object.entries(calls)) {
      if (live.has(name)) continue;
      expect(listed.get(name)?.where, name).toBe(openapiPath(apiPrefix, route));
    }
  });

  it("lists every operators' call under its tag, behind the bearer token, with its schemas", async () => {
    const document = await openapi();
    expect(document.components?.securitySchemes?.[adminSecurity]).toMatchObject({ type: 'http', scheme: 'bearer' });
    const listed = operations(document);
    for (const [name, call] of Object.entries(adminCalls)) {
      const found = listed.get(name);
      expect(found?.where, name).toBe(openapiPath(adminPrefix, call));
      const operation = found?.operation ?? {};
      expect(operation.tags, name).toEqual([adminTag]);
      expect(operation.security, name).toEqual([{ [adminSecurity]: [] }]);
      const success = operation.responses?.['200'] ?? operation.responses?.['201'];
      expect(success?.content?.['application/json']?.schema, name).toBeDefined();
      expect(operation.responses?.['4XX'] ?? operation.responses?.['4xx'], name).toBeDefined();
      const pathParams = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      expect(pathParams.map((parameter) => parameter.name).sort(), name).toEqual(
        [...call.path.matchAll(/:([a-zA-Z]+)/gu)].map((match) => match[1]).sort(),
      );
      expect(operation.requestBody !== undefined, name).toBe('body' in call);
    }
  });

  it("states the chat's limits on the chat post's fields", async () => {
    const post = operations(await openapi()).get('chatPost')?.operation;
    const fields = post?.requestBody?.content['application/json']?.schema.properties;
    expect(fields?.name).toMatchObject({ minLength: 1, maxLength: chatNameMaxLength });
    expect(fields?.message).toMatchObject({ minLength: 1, maxLength: chatMessageMaxLength });
    expect(fields?.message?.description).toMatch(/invisible characters alone are empty/u);
  });

  it("states the search field's limit on the search calls' query", async () => {
    const listed = operations(await openapi());
    for (const name of ['searchVideos', 'searchRadios']) {
      const q = listed.get(name)?.operation.parameters?.find((parameter) => parameter.name === 'q');
      expect(q?.schema, name).toMatchObject({ minLength: 1, maxLength: searchQueryMaxLength });
    }
  });

  it('/api/docs serves the browsable documentation', async () => {
    const response = await site().app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/u);
  });
});

describe('the event stream in the document', () => {
  it('is listed beside the calls as text/event-stream, with each event of the contract', async () => {
    const document = await openapi();
    const operation = document.paths[`${apiPrefix}${eventStreamPath}`]?.get;
    expect(operation?.operationId).toBe('events');
    expect(operation?.parameters?.map((parameter) => parameter.name)).toEqual(['topics', 'locale']);
    const schema = JSON.stringify(operation?.responses?.['200']?.content?.['text/event-stream']?.schema);
    for (const name of Object.keys(liveEventSchemas)) expect(schema).toContain(`"enum":["${name}"]`);
  });
});
