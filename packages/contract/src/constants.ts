// The contract's plain values, free of zod, so that the web app can import them without the
// schemas (it types itself from the schemas at compile time only).

export const pageSize = 30;
/** How long the site and the studio wait for a call's answer before they count it lost and may ask again. */
export const callAnswerWithinMs = 20_000;
export const searchQueryMaxLength = 100;
/** The most items one search answers, videos or radios. */
export const searchResultsMax = 30;
export const chatNameMaxLength = 32;
/** The days a schedule may be written for (YYYY-MM-DD): a date outside is a typo, not a plan. */
export const scheduleDateRange = { first: '2000-01-01', last: '2099-12-31' } as const;
export const chatMessageMaxLength = 500;
/** The messages a chat's latest list holds (`GET /chat/{room}/{id}/` without `after`). */
export const chatHistoryLength = 50;
/** Combining marks allowed in a row on one letter: enough for any language, too few to stack "Zalgo" text. */
export const chatCombiningMarksMax = 2;

/**
 * The defaults of the limits that keep counters and chats honest (docs/SECURITY.md); each can be
 * changed by the setting named beside it (apps/server/src/config.ts).
 */
export const visitorLimitDefaults = {
  /** ADDRESS_ACTIONS_PER_HOUR: what visitors without an established cookie, from one address, add to one counter per clock hour. */
  addressActionsPerHour: 20,
  /** VISITOR_ESTABLISHED_SECONDS: how old a cookie the server issued must be before it is established. */
  establishedAfterSeconds: 3600,
  /** CHAT_NEWCOMERS_PER_MINUTE: visitors without an established cookie who may post in one room from one address per clock minute. */
  chatNewcomersPerMinute: 3,
  /** CHAT_SLOW_MODE_RATE: posts a room may take in a clock minute before it goes into slow mode. */
  chatSlowModeRate: 30,
  /** CHAT_SLOW_MODE_SECONDS: in slow mode, one post per this many seconds per visitor. */
  chatSlowModeSeconds: 10,
} as const;
export type VisitorLimits = { [K in keyof typeof visitorLimitDefaults]: number };

/** Outside slow mode, a visitor may post once a second. */
export const chatPaceSeconds = 1;

export const locales = ['ru-cyrl', 'ru-latn'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'ru-cyrl';

export function isLocale(value: unknown): value is Locale {
  return locales.some((locale) => locale === value);
}

/** How many entries the showcase's hand-picked lists hold: a home row's videos, a radio listing's
 * radios, the popular radios' places, the editors' search suggestions. */
export const showcaseLimits = { homeRowVideos: 50, listingRadios: 100, popularPlaces: 12, searchPicks: 20 } as const;

/** The studio's limits (docs/STUDIO.md); the session and throttle figures can be changed by the
 * settings named beside them (apps/server/src/config.ts). */
export const studioLimits = {
  passwordMin: 12,
  passwordMax: 1024,
  /** STUDIO_SESSION_IDLE_MINUTES: a session not used for this long ends. */
  sessionIdleMinutes: 120,
  /** STUDIO_SESSION_HOURS: a session ends this long after sign-in, used or not. */
  sessionHours: 12,
  /** Failed sign-ins for one login, from anywhere, within `throttleMinutes`, before it is refused for the rest of them. */
  failuresPerLogin: 5,
  /** Failed sign-ins from one address (an IPv6 /64), for any logins, within `throttleMinutes`. */
  failuresPerAddress: 20,
  throttleMinutes: 15,
  /** The largest file an editor's upload takes is INGEST_MAX_BYTES; an image for a preview, cover or poster at most this. */
  imageMaxBytes: 20 * 1024 * 1024,
  /** Uploads an account may have begun and not yet used (finished or not): past it a new one is
   * refused until one is used, removed, or swept (a day after it was last touched). */
  openUploadsPerAccount: 10,
  /** What the disk of DATA_DIR keeps free, whatever uploads declare: the database's room. */
  uploadDiskReserveBytes: 2 * 1024 * 1024 * 1024,
  /** Rows of a studio list page. */
  pageSizes: [10, 25, 50, 100],
  /** Rows of a page of the ingest queue and of the audit log (fixed: both are read newest first). */
  jobsPageSize: 25,
  auditPageSize: 50,
} as const;

/** What a page's event stream may follow (events.ts): the channels' state, the polls, and the
 * chat of each channel's day on air. */
export const eventTopics = ['tv', 'radio', 'polls', 'chat-tv', 'chat-radio'] as const;
export type EventTopic = (typeof eventTopics)[number];
/** The stream's events that carry a state (a call's answer, or what tells a page to ask again);
 * the other, `chat`, carries what changed in a room. */
export const stateEventNames = [
  'teleprogram',
  'tickers',
  'teleprogram-revision',
  'radioprogram',
  'radioprogram-show',
  'radioprogram-revision',
  'polls',
] as const;

/** The event stream's timings: the pause a browser waits before reconnecting, the comment that
 * keeps an idle connection open through proxies, and how long a page waits for the stream's
 * first event before it polls instead (a proxy that buffers never delivers it). */
/** How often a live page asks for the lists of the day on air while the event stream does not
 * say when the day is saved: a change shows within this and an answer's time. */
export const dayListsPollMs = 2500;

export const eventStreamTimings = { retryMs: 2000, keepAliveMs: 15_000, firstEventWithinMs: 5000 } as const;

/** Event streams one address (an IPv6 /64) may hold open on a node at once: a page holds one, so a
 * hundred is a large household or office behind one address; past it the stream is a 429 and the
 * page polls instead. */
export const eventStreamsPerAddress = 100;

/** The header that names a request in the logs: answered on every call, taken from a caller (a
 * proxy's `$request_id`) when it is 8–64 letters, digits, `.`, `_` or `-`, else made. */
export const requestIdHeader = 'x-request-id';
export const requestIdPattern = /^[A-Za-z0-9._-]{8,64}$/u;

/** The most items of a catalogue kept in memory on each node (its pages and searches answered from
 * there; a larger one is read from the database): reading them again every couple of seconds while
 * visitors page through them stays a small part of a core. */
export const catalogueItemsInMemory = 5000;
