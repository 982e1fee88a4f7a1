// The one module that reads the environment. A bad value stops start-up with a message naming it.
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import {
  defaultTimeZone,
  parseShift,
  rewindDefaults,
  studioLimits,
  type VisitorLimits,
  visitorLimitDefaults,
} from '@efir/contract';
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65_535);

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const postgresUrl = z
  .url()
  .refine((url) => /^postgres(ql)?:\/\//u.test(url), 'must be a postgres:// or postgresql:// URL');

const limit = z.coerce.number().int().min(1);

/** Regional copies' shifts from the schedules' zone, such as `-1,+2,+4,+7`: minutes, each once. */
const shifts = z.string().transform((value, context): number[] => {
  const written = value.split(',').map((shift) => shift.trim());
  const minutes = written.map(parseShift);
  const bad = written.filter((_, i) => minutes[i] === undefined);
  if (bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `${bad.join(', ')}: a shift is signed hours (and :30 or :45), from -12 to +14 and not 0, such as -1,+2,+4,+5:30`,
    });
    return [];
  }
  const unique = [...new Set(minutes as number[])];
  if (unique.length !== written.length) context.addIssue({ code: 'custom', message: 'a shift is named twice' });
  return unique.sort((a, b) => a - b);
});

/** Which X-Forwarded-For hops to believe: a number of hops, or the proxies' addresses (CIDR allowed). */
const trustProxy = z.string().transform((value, context): number | string[] => {
  if (/^\d+$/u.test(value)) return Number(value);
  const proxies = value.split(',').map((proxy) => proxy.trim());
  const valid = proxies.every((proxy) => {
    const [address = '', bits, ...rest] = proxy.split('/');
    return isIP(address) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/u.test(bits));
  });
  if (!valid)
    context.addIssue({ code: 'custom', message: 'must be a number of hops or a comma-separated list of addresses' });
  return proxies;
});

/** Where the operators' calls listen when not on the site's port: `port`, `host:port` or `[ipv6]:port`;
 * a port alone is this machine's loopback. */
const adminListen = z.string().transform((value, context): { host: string; port: number } => {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[^:[\]]+):)?(\d{1,5})$/u.exec(value);
  const host = match?.[1]?.replace(/^\[(.*)\]$/u, '$1') ?? '127.0.0.1';
  const portNumber = Number(match?.[2]);
  if (match === null || portNumber < 1 || portNumber > 65_535 || (match[1]?.startsWith('[') && isIP(host) !== 6)) {
    context.addIssue({
      code: 'custom',
      message: 'must be a port (on this machine alone) or host:port, such as 9090, 127.0.0.1:9090 or [::1]:9090',
    });
  }
  return { host, port: portNumber };
});

const envSchema = z.object({
  PORT: port.default(8080),
  MEDIA_PORT: port.default(8088),
  PUBLIC_MEDIA_PORT: port.optional(),
  HOST: z.string().min(1).default('0.0.0.0'),
  ADMIN_LISTEN: adminListen.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  PREPARED_MEDIA_DIR: z.string().min(1).optional(),
  DATABASE_URL: postgresUrl.optional(),
  REDIS_URL: z
    .url()
    .refine((url) => /^rediss?:\/\//u.test(url), 'must be a redis:// or rediss:// URL')
    .optional(),
  TZ: z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Moscow').default(defaultTimeZone),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SITE_ORIGINS: z
    .string()
    .refine(
      (value) => value.split(',').every((origin) => /^https?:\/\/[^/]+$/u.test(origin.trim())),
      'must be a comma-separated list of origins such as https://efir.example',
    )
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/u }).optional(),
  TRUST_PROXY: trustProxy.optional(),
  ADDRESS_ACTIONS_PER_HOUR: limit.default(visitorLimitDefaults.addressActionsPerHour),
  VISITOR_ESTABLISHED_SECONDS: limit.default(visitorLimitDefaults.establishedAfterSeconds),
  CHAT_NEWCOMERS_PER_MINUTE: limit.default(visitorLimitDefaults.chatNewcomersPerMinute),
  CHAT_SLOW_MODE_RATE: limit.default(visitorLimitDefaults.chatSlowModeRate),
  CHAT_SLOW_MODE_SECONDS: limit.default(visitorLimitDefaults.chatSlowModeSeconds),
  STUDIO_SESSION_IDLE_MINUTES: limit.max(7 * 24 * 60).default(studioLimits.sessionIdleMinutes),
  STUDIO_SESSION_HOURS: limit.max(30 * 24).default(studioLimits.sessionHours),
  DEMO_MEDIA: z.enum(['on', 'off']).default('on'),
  REWIND_HOURS: z.coerce.number().positive().max(rewindDefaults.maxHours).default(rewindDefaults.hours),
  TV_SHIFTS: shifts.optional(),
  RADIO_SHIFTS: shifts.optional(),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  REQUEST_TIMEOUT_SECONDS: limit.max(3600).default(30),
  HEADERS_TIMEOUT_SECONDS: limit.max(3600).default(10),
  INGEST_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(8 * 1024 ** 3),
  INGEST_MAX_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(6 * 60 * 60),
});

export interface Config {
  port: number;
  mediaPort: number;
  /** The media port viewers reach (a proxy's in front of the nodes), named in the pages. */
  publicMediaPort: number;
  host: string;
  /** The operators' calls (/api/admin) on a port of their own; unset: on the site's port, to
   * connections from this machine alone (docs/SECURITY.md). */
  adminListen: { host: string; port: number } | undefined;
  dataDir: string;
  /** The machine's media made once and copied into every site's DATA_DIR (the filler, the demo's
   * base clips): shared by every site, test and benchmark of the user. */
  preparedMediaDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  timeZone: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** The origins whose pages may fetch media from the media port (CORS). */
  siteOrigins: string[];
  /** The site's address as visitors reach it; https makes the visitor cookie Secure. */
  publicUrl: string;
  /** Which X-Forwarded-For hops to believe (Fastify's trustProxy); false: none, the peer is the visitor. */
  trustProxy: number | string[] | false;
  /** The limits on counters and chats (docs/SECURITY.md). */
  visitorLimits: VisitorLimits;
  /** How long a studio session lasts unused, and at most (docs/STUDIO.md). */
  studioSession: { idleMinutes: number; hours: number };
  /** Whether the demo catalogue's missing media is made in the background. */
  demoMedia: boolean;
  /** How far back the live channels can be rewound (ms). */
  rewindMs: number;
  /** The regional copies of each channel: their shifts from the schedules' zone, in minutes. */
  shifts: { tv: number[]; radio: number[] };
  /** ffmpeg and ffprobe chosen by path; unset: the system's, else the npm-shipped ones. */
  ffmpegPath: string | undefined;
  ffprobePath: string | undefined;
  /** How long a client may take to send a whole request, and its headers, before it is cut off. */
  requestTimeoutSeconds: number;
  headersTimeoutSeconds: number;
  /** The largest source file and the longest source an ingest accepts. */
  ingestMaxBytes: number;
  ingestMaxSeconds: number;
}

export class ConfigError extends Error {}

/** What a child process's environment needs to find the same prepared media as `env` does. */
export function preparedMediaEnv(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    ['PREPARED_MEDIA_DIR', 'XDG_CACHE_HOME', 'HOME'].flatMap((name) => {
      const value = env[name];
      return value === undefined ? [] : [[name, value]];
    }),
  );
}

/** The user's cache (XDG's, else ~/.cache), or DATA_DIR's own folder for a user without a home. */
function defaultPreparedMediaDir(env: Record<string, string | undefined>, dataDir: string): string {
  const [xdg = '', home = ''] = [env.XDG_CACHE_HOME?.trim(), env.HOME?.trim()];
  if (xdg !== '') return join(xdg, 'efir', 'prepared-media');
  return home === '' ? join(dataDir, 'prepared-media') : join(home, '.cache', 'efir', 'prepared-media');
}

/** Reads the configuration from an environment (empty strings count as unset). */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const present = Object.fromEntries(
    Object.keys(envSchema.shape).flatMap((key) => {
      const value = env[key];
      return value === undefined || value.trim() === '' ? [] : [[key, value.trim()]];
    }),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      return `${name}=${JSON.stringify(present[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const cfg = parsed.data;
  if (cfg.PORT === cfg.MEDIA_PORT) {
    throw new ConfigError(`Invalid configuration: PORT and MEDIA_PORT must differ (both ${cfg.PORT})`);
  }
  if (cfg.ADMIN_LISTEN !== undefined && [cfg.PORT, cfg.MEDIA_PORT].includes(cfg.ADMIN_LISTEN.port)) {
    throw new ConfigError(
      `Invalid configuration: ADMIN_LISTEN's port (${cfg.ADMIN_LISTEN.port}) must differ from PORT and MEDIA_PORT`,
    );
  }
  if (cfg.HEADERS_TIMEOUT_SECONDS > cfg.REQUEST_TIMEOUT_SECONDS) {
    throw new ConfigError(
      `Invalid configuration: HEADERS_TIMEOUT_SECONDS (${cfg.HEADERS_TIMEOUT_SECONDS}) must not exceed REQUEST_TIMEOUT_SECONDS (${cfg.REQUEST_TIMEOUT_SECONDS})`,
    );
  }
  return {
    port: cfg.PORT,
    mediaPort: cfg.MEDIA_PORT,
    publicMediaPort: cfg.PUBLIC_MEDIA_PORT ?? cfg.MEDIA_PORT,
    host: cfg.HOST,
    adminListen: cfg.ADMIN_LISTEN,
    dataDir: resolve(cfg.DATA_DIR),
    preparedMediaDir: resolve(cfg.PREPARED_MEDIA_DIR ?? defaultPreparedMediaDir(env, cfg.DATA_DIR)),
    databaseUrl: cfg.DATABASE_URL,
    redisUrl: cfg.REDIS_URL,
    timeZone: cfg.TZ,
    logLevel: cfg.LOG_LEVEL,
    siteOrigins: (cfg.SITE_ORIGINS ?? `http://localhost:${cfg.PORT},http://127.0.0.1:${cfg.PORT}`)
      .split(',')
      .map((origin) => origin.trim()),
    publicUrl: cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`,
    trustProxy: cfg.TRUST_PROXY ?? false,
    visitorLimits: {
      addressActionsPerHour: cfg.ADDRESS_ACTIONS_PER_HOUR,
      establishedAfterSeconds: cfg.VISITOR_ESTABLISHED_SECONDS,
      chatNewcomersPerMinute: cfg.CHAT_NEWCOMERS_PER_MINUTE,
      chatSlowModeRate: cfg.CHAT_SLOW_MODE_RATE,
      chatSlowModeSeconds: cfg.CHAT_SLOW_MODE_SECONDS,
    },
    studioSession: { idleMinutes: cfg.STUDIO_SESSION_IDLE_MINUTES, hours: cfg.STUDIO_SESSION_HOURS },
    demoMedia: cfg.DEMO_MEDIA === 'on',
    rewindMs: Math.round(cfg.REWIND_HOURS * 3_600_000),
    shifts: { tv: cfg.TV_SHIFTS ?? [], radio: cfg.RADIO_SHIFTS ?? [] },
    ffmpegPath: cfg.FFMPEG_PATH,
    ffprobePath: cfg.FFPROBE_PATH,
    requestTimeoutSeconds: cfg.REQUEST_TIMEOUT_SECONDS,
    headersTimeoutSeconds: cfg.HEADERS_TIMEOUT_SECONDS,
    ingestMaxBytes: cfg.INGEST_MAX_BYTES,
    ingestMaxSeconds: cfg.INGEST_MAX_SECONDS,
  };
}
