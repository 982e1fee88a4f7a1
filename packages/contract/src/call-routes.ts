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

/** Efir's own calls under /api/v1, beside the spec's (never part of it): what the site adds. */
export const efirCallRoutes = routeTable({
  channelsOnAir: 'GET /efir/channels/',
});

/** The event stream (events.ts), under /api/v1 beside the calls it stands in for. */
export const eventStreamPath = '/events/';
/** The studio's calls (the editors' console): a signed-in account of the right role makes them. */
export const studioPrefix = '/api/studio';
/** The studio's resumable uploads (the tus protocol, not a JSON call), under the studio's prefix. */
export const studioUploadsPath = '/uploads/';

/** The operators' calls under /api/admin. */
export const adminCallRoutes = routeTable({
  ingestJobs: 'GET /jobs',
  ingestSubmit: 'POST /jobs',
  ingestJob: 'GET /jobs/:id',
  ingestRetry: 'POST /jobs/:id/retry',
  scheduleWrite: 'PUT /schedule/:channel/:date',
  scheduleDelete: 'DELETE /schedule/:channel/:date',
  channels: 'GET /channels',
  channelAdd: 'POST /channels',
  users: 'GET /users',
  userAdd: 'POST /users',
  userUpdate: 'PATCH /users/:login',
});

/** The studio's calls under /api/studio (studio.ts says who may make each). */
export const studioCallRoutes = routeTable({
  login: 'POST /session',
  session: 'GET /session',
  logout: 'DELETE /session',
  logoutEverywhere: 'DELETE /sessions',
  passwordChange: 'PUT /session/password',

  users: 'GET /users',
  userAdd: 'POST /users',
  userUpdate: 'PATCH /users/:id',
  audit: 'GET /audit',

  videos: 'GET /videos',
  video: 'GET /videos/:id',
  videoAdd: 'POST /videos',
  videoUpdate: 'PATCH /videos/:id',
  videoDelete: 'DELETE /videos/:id',
  videoMedia: 'PUT /videos/:id/media',
  videoPreview: 'PUT /videos/:id/preview',
  videoSubtitles: 'PUT /videos/:id/subtitles',
  videoSubtitlesRemove: 'DELETE /videos/:id/subtitles/:language',

  radios: 'GET /radios',
  radio: 'GET /radios/:id',
  radioAdd: 'POST /radios',
  radioUpdate: 'PATCH /radios/:id',
  radioDelete: 'DELETE /radios/:id',
  radioMedia: 'PUT /radios/:id/media',
  radioPreview: 'PUT /radios/:id/preview',

  videoCategories: 'GET /video-categories',
  videoCategoryAdd: 'POST /video-categories',
  videoCategoryUpdate: 'PATCH /video-categories/:id',
  videoCategoryDelete: 'DELETE /video-categories/:id',
  videoCategoryOrder: 'PUT /video-categories',
  radioCategories: 'GET /radio-categories',
  radioCategoryAdd: 'POST /radio-categories',
  radioCategoryUpdate: 'PATCH /radio-categories/:id',
  radioCategoryDelete: 'DELETE /radio-categories/:id',
  radioCategoryOrder: 'PUT /radio-categories',

  slides: 'GET /slideshows/:show',
  slideAdd: 'POST /slideshows/:show',
  slideOrder: 'PUT /slideshows/:show',
  slideUpdate: 'PATCH /slides/:id',
  slideDelete: 'DELETE /slides/:id',
  slidePreview: 'PUT /slides/:id/preview',

  polls: 'GET /polls',
  pollAdd: 'POST /polls',
  pollUpdate: 'PATCH /polls/:id',
  pollDelete: 'DELETE /polls/:id',
  pollOrder: 'PUT /polls',

  about: 'GET /about',
  aboutUpdate: 'PUT /about',
  aboutPoster: 'PUT /about/poster',

  searchPicks: 'GET /search-picks',
  searchPicksWrite: 'PUT /search-picks',
  radioListings: 'GET /radio-listings',
  radioListingAdd: 'POST /radio-listings',
  radioListingUpdate: 'PATCH /radio-listings/:id',
  radioListingDelete: 'DELETE /radio-listings/:id',
  radioListingOrder: 'PUT /radio-listings',
  homeRows: 'GET /home-rows',
  homeRowAdd: 'POST /home-rows',
  homeRowUpdate: 'PATCH /home-rows/:id',
  homeRowDelete: 'DELETE /home-rows/:id',
  homeRowOrder: 'PUT /home-rows',
  popularPicks: 'GET /popular/:kind',
  popularPicksWrite: 'PUT /popular/:kind',

  scheduleDay: 'GET /schedule/:channel/:date',
  schedulePreview: 'POST /schedule/:channel/:date/preview',
  scheduleSave: 'PUT /schedule/:channel/:date',
  scheduleCopy: 'POST /schedule/:channel/:date/copy',
  scheduleMove: 'POST /schedule-move/:channel',
  scheduleVersions: 'GET /schedule/:channel/:date/versions',
  scheduleVersion: 'GET /schedule/:channel/:date/versions/:entry',
  scheduleWeek: 'GET /schedule-week/:channel/:date',
  onAir: 'GET /on-air',
  audience: 'GET /audience',
  channels: 'GET /channels',
  channelAdd: 'POST /channels',
  channelLogo: 'PUT /channels/:channel/logo',

  jobs: 'GET /jobs',
  job: 'GET /jobs/:id',
  jobRetry: 'POST /jobs/:id/retry',

  chatMessages: 'GET /chat/:room',
  chatMessageHide: 'PUT /chat/messages/:id/hidden',
  chatMessageShow: 'DELETE /chat/messages/:id/hidden',
  chatRoom: 'GET /chat/:room/settings',
  chatSlowMode: 'PUT /chat/:room/slow-mode',
  chatRoomClear: 'POST /chat/:room/clear',
  chatHeld: 'GET /chat-held',
  chatMessageApprove: 'POST /chat/messages/:id/approve',
  chatMessageReject: 'POST /chat/messages/:id/reject',
  chatBans: 'GET /chat-bans',
  chatBanAdd: 'POST /chat-bans',
  chatBanLift: 'DELETE /chat-bans/:id',
  chatWords: 'GET /chat-words',
  chatWordAdd: 'POST /chat-words',
  chatWordDelete: 'DELETE /chat-words/:id',
});

export type CallName = keyof typeof callRoutes;
export type AdminCallName = keyof typeof adminCallRoutes;
export type EfirCallName = keyof typeof efirCallRoutes;
export type StudioCallName = keyof typeof studioCallRoutes;

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
