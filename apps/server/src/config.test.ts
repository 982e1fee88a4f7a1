import { visitorLimitDefaults } from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      mediaPort: 8088,
      databaseUrl: undefined,
      redisUrl: undefined,
      timeZone: 'Europe/Moscow',
      logLevel: 'info',
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      MEDIA_PORT: '9001',
      DATA_DIR: '/srv/efir',
      DATABASE_URL: 'postgres://efir@db:5432/efir',
      REDIS_URL: 'redis://cache:6379',
      TZ: 'Asia/Yekaterinburg',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      port: 9000,
      mediaPort: 9001,
      dataDir: '/srv/efir',
      databaseUrl: 'postgres://efir@db:5432/efir',
      redisUrl: 'redis://cache:6379',
      timeZone: 'Asia/Yekaterinburg',
      logLevel: 'debug',
    });
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ' }).databaseUrl).toBeUndefined();
  });

  it.each([
    ['PORT', 'eighty', 'PORT="eighty"'],
    ['PORT', '70000', 'PORT="70000"'],
    ['MEDIA_PORT', '-1', 'MEDIA_PORT="-1"'],
    ['DATABASE_URL', 'mysql://x@y/z', 'DATABASE_URL="mysql://x@y/z"'],
    ['REDIS_URL', 'not a url', 'REDIS_URL="not a url"'],
    ['TZ', 'Mars/Olympus', 'TZ="Mars/Olympus"'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL="loud"'],
    ['PUBLIC_URL', 'ftp://efir.example', 'PUBLIC_URL="ftp://efir.example"'],
    ['TRUST_PROXY', 'the load balancer', 'TRUST_PROXY="the load balancer"'],
    ['TRUST_PROXY', '10.0.0.1/8/8', 'TRUST_PROXY="10.0.0.1/8/8"'],
    ['ADDRESS_ACTIONS_PER_HOUR', '0', 'ADDRESS_ACTIONS_PER_HOUR="0"'],
    ['CHAT_SLOW_MODE_SECONDS', 'slow', 'CHAT_SLOW_MODE_SECONDS="slow"'],
    ['ADMIN_LISTEN', 'loopback', 'ADMIN_LISTEN="loopback"'],
    ['ADMIN_LISTEN', '127.0.0.1:', 'ADMIN_LISTEN="127.0.0.1:"'],
    ['ADMIN_LISTEN', '::1:9090', 'ADMIN_LISTEN="::1:9090"'],
    ['ADMIN_LISTEN', '[localhost]:9090', 'ADMIN_LISTEN="[localhost]:9090"'],
    ['ADMIN_LISTEN', '0', 'ADMIN_LISTEN="0"'],
    ['ADMIN_LISTEN', '8080', "ADMIN_LISTEN's port (8080) must differ"],
    ['ADMIN_LISTEN', '0.0.0.0:8088', "ADMIN_LISTEN's port (8088) must differ"],
  ])('refuses a bad %s and names it', (name, value, named) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(named);
  });

  it("reads where the operators' calls listen: by default on the site's port, else a port of their own", () => {
    expect(loadConfig({}).adminListen).toBeUndefined();
    expect(loadConfig({ ADMIN_LISTEN: '9090' }).adminListen).toEqual({ host: '127.0.0.1', port: 9090 });
    expect(loadConfig({ ADMIN_LISTEN: '10.0.0.5:9090' }).adminListen).toEqual({ host: '10.0.0.5', port: 9090 });
    expect(loadConfig({ ADMIN_LISTEN: '[::1]:9090' }).adminListen).toEqual({ host: '::1', port: 9090 });
  });

  it('reads the public URL, the proxies to believe and the visitor limits, with their defaults', () => {
    expect(loadConfig({ PORT: '9000' })).toMatchObject({
      publicUrl: 'http://localhost:9000',
      trustProxy: false,
      visitorLimits: visitorLimitDefaults,
    });
    const config = loadConfig({
      PUBLIC_URL: 'https://efir.example',
      TRUST_PROXY: '10.0.0.1, 172.16.0.0/12, ::1',
      ADDRESS_ACTIONS_PER_HOUR: '5',
      VISITOR_ESTABLISHED_SECONDS: '600',
      CHAT_NEWCOMERS_PER_MINUTE: '2',
      CHAT_SLOW_MODE_RATE: '100',
      CHAT_SLOW_MODE_SECONDS: '30',
    });
    expect(config).toMatchObject({
      publicUrl: 'https://efir.example',
      trustProxy: ['10.0.0.1', '172.16.0.0/12', '::1'],
      visitorLimits: {
        addressActionsPerHour: 5,
        establishedAfterSeconds: 600,
        chatNewcomersPerMinute: 2,
        chatSlowModeRate: 100,
        chatSlowModeSeconds: 30,
      },
    });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('reads the request and header timeouts, 30 s and 10 s by default', () => {
    expect(loadConfig({})).toMatchObject({ requestTimeoutSeconds: 30, headersTimeoutSeconds: 10 });
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '120', HEADERS_TIMEOUT_SECONDS: '5' })).toMatchObject({
      requestTimeoutSeconds: 120,
      headersTimeoutSeconds: 5,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow('REQUEST_TIMEOUT_SECONDS="0"');
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: 'soon' })).toThrow('HEADERS_TIMEOUT_SECONDS="soon"');
    expect(() => loadConfig({ REQUEST_TIMEOUT_SECONDS: '5', HEADERS_TIMEOUT_SECONDS: '10' })).toThrow(
      'HEADERS_TIMEOUT_SECONDS (10) must not exceed REQUEST_TIMEOUT_SECONDS (5)',
    );
  });

  it('reads the rewind window and the regional copies, 3 h and none by default', () => {
    expect(loadConfig({})).toMatchObject({ rewindMs: 3 * 3_600_000, shifts: { tv: [], radio: [] } });
    expect(loadConfig({ REWIND_HOURS: '1.5', TV_SHIFTS: '+4, -1,+2,+5:30', RADIO_SHIFTS: '+7' })).toMatchObject({
      rewindMs: 5_400_000,
      shifts: { tv: [-60, 120, 240, 330], radio: [420] },
    });
    for (const [name, value] of [
      ['REWIND_HOURS', '0'],
      ['REWIND_HOURS', '25'],
      ['TV_SHIFTS', '4'],
      ['TV_SHIFTS', '+0'],
      ['TV_SHIFTS', '+4,+4'],
      ['TV_SHIFTS', '+15'],
      ['RADIO_SHIFTS', '+5:20'],
      ['RADIO_SHIFTS', '+4,,+5'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(`${name}=`, 'u'));
    }
  });

  it('refuses the same port for the site and the streams', () => {
    expect(() => loadConfig({ PORT: '8088' })).toThrow('PORT and MEDIA_PORT must differ');
  });
});
