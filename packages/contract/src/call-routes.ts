// Where each call lives: its method and path, free of zod so that every client (the web app's
// bundle among them) can build URLs from it. The schemas of each call (calls.ts, admin.ts) are
// built over these tables, so a call's path is written here and nowhere else.

export const apiPrefix = '/api/v1';
/** The operators' calls, beside the spec's: a bearer token guards them. */
export const adminPrefix = '/api/admin';

export type CallMethod = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';

export interface CallRoute {
  readonly method: CallMethod;
  /** Under its prefix; `:name` is a path parameter. */
  readonly path: string;
}

/** A table of routes from `'METHOD /path'` texts. */
function routeTable<T extends Record<string, `${CallMethod} /${string}`>>(table: T): { [K in keyof T]: CallRoute } {
  return Object.fromEntries(
    Object.entries(table).map(([name, route]) => {
      const [method, path] = route.split(' ') as [CallMethod, string];
      return [name, { method, path }];
    }),
  ) as { [K in keyof T]: CallRoute };
}

/** Every call of SPEC §7 under /api/v1 (trailing slashes as the spec has them). */
export const callRoutes = routeTable({
  translations: 'GET /translations/:locale/',
  recommendedSearches: 'GET /get/search/recomended/',
  searchVideos: 'GET /search/videos/:q/',
  searchRadios: 'GET /search/radios/:q/',
  teleprogramToday: 'GET /get/teleprogram/today/',
  teleprogramList: 'GET /get/teleprogram/list/',
  teleprogramListFilter: 'GET /get/teleprogram/list/filter/:index/',
  teleprogramVideos: 'GET /get/teleprogram/videos/:id/',
  teleprogramVideosWithAds: 'GET /get/teleprogram/videos/withads/:id/',
  teleprogramNext: 'PUT /get/teleprogram/next/:id/:nextIndex/',
  videoPublish: 'PATCH /video/update/status/:id/0/',
  timeLive: 'GET /get/time-live/',
  teleprogramRunStatus: 'GET /get/status/teleprogram/run/',
  tickers: 'GET /get/live-stroka/:id/',
  chatMessages: 'GET /chat/:room/:id/',
  chatPost: 'POST /chat/:room/:id/',
  polls: 'GET /get/oprosnik/',
  pollVote: 'PUT /put/oprosnik/:id',
  mainList: 'GET /get/main/list/',
  slideshow: 'GET /get/slideshow/:name/True/',
  aboutMain: 'GET /get/about/main/',
  aboutList: 'GET /get/about/',
  popularProgrammes: 'GET /get/radio/type/1/',
  popularSongs: 'GET /get/radio/type/2/',
  radioListing: 'GET /get/listing/radios/',
  radioCategories: 'GET /get/radio/category/all/',
  radioCatalogue: 'GET /get/radio/category/',
  radioprogramList: 'GET /get/radioprogram/list/',
  radioprogramToday: 'GET /get/radioprogram/today/',
  radioprogramListFilter: 'GET /get/radioprogram/list/filter/:index/',
  radioprogramRadios: 'GET /get/radioprogram/radios/:id/',
  radioprogramRadiosWithAds: 'GET /get/radioprogram/radios/withads/:id/',
  radioprogramNext: 'PATCH /get/radioprogram/next/radio/:id/:nextIndex/',
  radioPublish: 'PATCH /radio/update/status/:id/0/',
  radioprogramShow: 'GET /check/radioprogram/show/:id/',
  radioPlay: 'PATCH /add/radio/history/:id/',
  relatedVideos: 'GET /get/related/list/:id/',
  video: 'PATCH /get/video/:id/',
  videoCategories: 'GET /get/all/category/',
  videoCatalogue: 'GET /get/all/video/category/',
});

/** The operators' calls under /api/admin. */
export const adminCallRoutes = routeTable({
  ingestJobs: 'GET /jobs',
  ingestSubmit: 'POST /jobs',
  ingestJob: 'GET /jobs/:id',
  ingestRetry: 'POST /jobs/:id/retry',
  scheduleWrite: 'PUT /schedule/:channel/:date',
  scheduleDelete: 'DELETE /schedule/:channel/:date',
});

export type CallName = keyof typeof callRoutes;
export type AdminCallName = keyof typeof adminCallRoutes;

/**
 * A table of schemas built over a table of routes: every route gets its schemas and nothing else
 * does, so the path stays in the route table alone.
 */
export function withRoutes<R extends Record<string, CallRoute>, S extends { [K in keyof R]: object }>(
  routes: R,
  schemas: S & Record<Exclude<keyof S, keyof R>, never>,
): { [K in keyof R]: R[K] & S[K] } {
  return Object.fromEntries(Object.entries(routes).map(([name, route]) => [name, { ...route, ...schemas[name] }])) as {
    [K in keyof R]: R[K] & S[K];
  };
}
