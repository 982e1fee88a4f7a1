import { describe, expect, it } from 'vitest';
import { adminCallRoutes, callRoutes } from './call-routes.ts';
import { adminCalls } from './admin.ts';
import { calls } from './calls.ts';
import { adminUrl, ApiError, apiPattern, apiUrl, createAdminClient, createApiClient } from './client.ts';

/** A fetch that records what it was asked and answers `answer` with `status`. */
function recorder(status: number, answer: unknown) {
  const asked: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    asked.push({ url: url instanceof Request ? url.url : url.toString(), init });
    return Promise.resolve(new Response(JSON.stringify(answer), { status }));
  };
  return { asked, fetch };
}

describe('the call tables', () => {
  it('give every call its schemas over its route, and nothing besides', () => {
    expect(Object.keys(calls)).toEqual(Object.keys(callRoutes));
    expect(Object.keys(adminCalls)).toEqual(Object.keys(adminCallRoutes));
    for (const [name, route] of Object.entries(callRoutes)) {
      expect(calls[name as keyof typeof calls]).toMatchObject(route);
    }
  });
});

describe('the client', () => {
  it('builds the path from the table, URL-encoding each parameter', () => {
    expect(apiUrl('searchVideos', { params: { q: 'кино / 100%?' } })).toBe(
      `/api/v1/search/videos/${encodeURIComponent('кино / 100%?')}/`,
    );
    expect(apiUrl('chatMessages', { params: { room: 'radio', id: 3 }, query: { after: 17 } })).toBe(
      '/api/v1/chat/radio/3/?after=17',
    );
    expect(apiUrl('videoCatalogue', { query: { category_id: '', prosmotri: 'true', page: 2 } })).toBe(
      '/api/v1/get/all/video/category/?category_id=&prosmotri=true&page=2',
    );
    expect(apiUrl('polls')).toBe('/api/v1/get/oprosnik/');
    expect(adminUrl('scheduleWrite', { params: { channel: 'tv', date: '2026-11-23' } })).toBe(
      '/api/admin/schedule/tv/2026-11-23',
    );
  });

  it('matches every URL of one call and no other', () => {
    const video = apiPattern('video');
    expect(video.test('http://site/api/v1/get/video/4/')).toBe(true);
    expect(video.test('http://site/api/v1/get/video/4/extra/')).toBe(false);
    expect(video.test('http://site/api/v1/get/video/')).toBe(false);
    const catalogue = apiPattern('videoCatalogue');
    expect(catalogue.test(`http://site${apiUrl('videoCatalogue', { query: { page: 2 } })}`)).toBe(true);
    expect(catalogue.test('http://site/api/v1/get/all/video/category/all/')).toBe(false);
  });

  it('sends the method, headers and JSON body, and answers the parsed answer', async () => {
    const { asked, fetch } = recorder(201, { id: 1, name: 'Имя', message: 'текст', date_added: 'x' });
    const api = createApiClient({ baseUrl: 'http://site', fetch, headers: () => ({ 'accept-language': 'ru-latn' }) });
    const posted = await api('chatPost', {
      params: { room: 'teleprogram', id: 4 },
      body: { teleprogram_id: 4, name: 'Имя', message: 'текст' },
    });
    expect(posted.name).toBe('Имя');
    expect(asked[0]?.url).toBe('http://site/api/v1/chat/teleprogram/4/');
    expect(asked[0]?.init).toMatchObject({
      method: 'POST',
      headers: { 'accept-language': 'ru-latn', 'content-type': 'application/json' },
      body: JSON.stringify({ teleprogram_id: 4, name: 'Имя', message: 'текст' }),
    });
  });

  it("surfaces the server's status and detail as an ApiError", async () => {
    const { fetch } = recorder(409, { detail: 'Already voted.' });
    const api = createApiClient({ fetch });
    const refused = api('pollVote', { params: { id: 2 }, body: { otvet_1: true } });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 409, detail: 'Already voted.' });
  });

  it('sends the bearer token on the operators calls', async () => {
    const { asked, fetch } = recorder(200, []);
    await createAdminClient({ baseUrl: 'http://site', fetch, token: 't0k' })('ingestJobs');
    expect(asked[0]).toMatchObject({
      url: 'http://site/api/admin/jobs',
      init: { method: 'GET', headers: { authorization: 'Bearer t0k' } },
    });
  });

  it("abandons a call not answered in time, and still honours the caller's own signal", async () => {
    // A server that takes the request and never answers: only an abort ends the wait.
    const silent = (_url: string | URL | Request, init?: RequestInit): Promise<Response> =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          reject(init.signal?.reason as Error);
        });
      });
    const api = createApiClient({ fetch: silent, answerWithinMs: 50 });
    await expect(api('polls')).rejects.toMatchObject({ name: 'TimeoutError' });
    const caller = new AbortController();
    const asked = api('polls', { signal: caller.signal });
    caller.abort();
    await expect(asked).rejects.toMatchObject({ name: 'AbortError' });
  });
});
