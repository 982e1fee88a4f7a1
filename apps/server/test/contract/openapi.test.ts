import { calls } from '@efir/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../app.ts';

const site = useTestApp();

describe('OpenAPI', () => {
  it('/api/openapi.json documents every implemented call of the contract by its operationId', async () => {
    const response = await site().app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, Record<string, { operationId?: string }>> }>();
    const operations = new Map(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, op]) => [op.operationId, `${method.toUpperCase()} ${path}`]),
      ),
    );
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
    for (const [name, spec] of Object.entries(calls)) {
      if (live.has(name)) continue;
      const path = `/api/v1${spec.path.replace(/:([a-zA-Z]+)/gu, '{$1}')}`;
      expect(operations.get(name), name).toBe(`${spec.method} ${path}`);
    }
  });

  it('/api/docs serves the browsable documentation', async () => {
    const response = await site().app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/u);
  });
});
