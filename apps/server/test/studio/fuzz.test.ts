// Every studio call and every operators' call, signed in as an admin, under input built from its
// own schema with a NUL in each text, an empty edit, and random bodies and queries: never a 5xx,
// and every failure is exactly `{detail: string}`.
import { adminCalls, adminPrefix, type CallRoute, fillPath, queryOf, studioCalls, studioPrefix } from '@efir/contract';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { account, type Signed, signIn, studioCall, studioSite, type StudioSite } from './studio-site.ts';

const token = 'fuzz-admin-token';
let site: StudioSite;
let adminId: number;
let admin: Signed;
/** The account the calls edit (the first, so id 1): never the admin making them. */
let editorLogin: string;

beforeAll(async () => {
  site = await studioSite({}, undefined, { admin: { token, onQueued: () => undefined } });
  editorLogin = (await account(site, 'editor')).login;
  adminId = (await account(site, 'admin')).id;
  return () => site.close();
});

// A session of its own for each test: a call among them signs out.
beforeEach(async () => {
  admin = await signIn(site, adminId);
});

interface Call extends CallRoute {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

/** Path values naming things the seeded site has: the first of each list, a real day. */
const params = (login: string): Record<string, string | number> => ({
  id: 1,
  entry: 1,
  login,
  show: 'main',
  room: 'teleprogram',
  kind: 'programmes',
  channel: 'tv',
  date: '2031-01-01',
  language: 'ru',
});

/**
 * A value for `schema` that its checks mostly take, with `text` in every string: what a form
 * would send, with the text an attacker chose. Zod's own description of the schema says its shape.
 */
function sample(schema: z.ZodType, text: string): unknown {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const inner = (key: string): z.ZodType => def[key] as z.ZodType;
  switch (def.type) {
    case 'string':
      return text;
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'array':
      return [sample(inner('element'), text)];
    case 'tuple':
      return (def.items as z.ZodType[]).map((item) => sample(item, text));
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape as Record<string, z.ZodType>).map(([key, value]) => [key, sample(value, text)]),
      );
    case 'record':
      return { key: sample(inner('valueType'), text) };
    case 'union':
      return sample((def.options as z.ZodType[])[0] as z.ZodType, text);
    case 'pipe':
      return sample(inner('in'), text);
    case 'lazy':
      return sample((def.getter as () => z.ZodType)(), text);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(inner('innerType'), text);
    default:
      return text;
  }
}

const everyCall: [string, Call, 'studio' | 'admin'][] = [
  ...Object.entries(studioCalls).map(([name, call]) => [name, call as Call, 'studio'] as [string, Call, 'studio']),
  ...Object.entries(adminCalls).map(([name, call]) => [name, call as Call, 'admin'] as [string, Call, 'admin']),
];

function send(
  side: 'studio' | 'admin',
  call: Call,
  options: Omit<InjectOptions, 'url'> & { url: string },
): Promise<LightMyRequestResponse> {
  if (side === 'studio') return studioCall(site, admin, options);
  return site.app.inject({
    ...options,
    url: `${adminPrefix}${options.url}`,
    headers: { authorization: `Bearer ${token}`, ...(options.headers as Record<string, string> | undefined) },
  });
}

/** The answer is below 500, and a failure is `{detail: string}` alone. */
function expectSound(response: LightMyRequestResponse, what: string): void {
  expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(500);
  if (response.statusCode >= 400) expect(response.json(), what).toEqual({ detail: expect.any(String) as string });
}

const url = (call: Call, query?: unknown): string =>
  `${fillPath(call, params(editorLogin))}${query === undefined ? '' : queryOf(query as Record<string, unknown>)}`;

describe(`every call under ${studioPrefix} and ${adminPrefix}`, () => {
  it.each(everyCall)('%s refuses a NUL in any text of its input with a 400', async (name, call, side) => {
    const nul = 'Проба\u0000проба';
    const what = `${name} ${call.method} ${call.path}`;
    const body = call.body === undefined ? undefined : sample(call.body, nul);
    const query = call.querystring === undefined ? undefined : sample(call.querystring, nul);
    // Input without text (ids, flags, a role) holds no NUL to refuse.
    const texts = [body, query].filter((input) => input !== undefined && JSON.stringify(input).includes('\\u0000'));
    for (const input of texts) {
      const answer = await send(side, call, {
        method: call.method,
        url: url(call, input === query ? query : undefined),
        ...(input === body ? { payload: body as InjectOptions['payload'] } : {}),
      });
      expectSound(answer, what);
      expect(answer.statusCode, `${what}: ${answer.body}`).toBe(400);
      expect(answer.json()).toEqual({ detail: 'Текст не может содержать символ NUL (U+0000).' });
    }
  });

  it.each(everyCall.filter(([, call]) => call.method === 'PATCH'))(
    '%s takes an empty edit as no change',
    async (name, call, side) => {
      const answer = await send(side, call, { method: 'PATCH', url: url(call), payload: {} });
      expectSound(answer, `${name} ${call.path}`);
    },
  );

  it.each(everyCall)('%s never answers 5xx to random input', async (name, call, side) => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constant(undefined), fc.jsonValue(), fc.string({ maxLength: 50 })),
        fc.dictionary(
          fc.constantFrom('q', 'page', 'actor', 'from', 'to', 'state', 'sort'),
          fc.string({ maxLength: 20 }),
        ),
        async (payload, query) => {
          const answer = await send(side, call, {
            method: call.method,
            url: url(call, query),
            ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
            headers: { 'content-type': 'application/json' },
          });
          expectSound(answer, `${name} ${call.method} ${call.path}`);
        },
      ),
      { numRuns: 15 },
    );
  });
});
