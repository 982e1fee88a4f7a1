import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { byName, fastResolution, packageTypes } from './module-loading.ts';

const root = mkdtempSync(join(tmpdir(), 'efir-modules-'));
const write = (path: string, text: string): void => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
write('node_modules/esm/package.json', JSON.stringify({ type: 'module', exports: { '.': './index.js' } }));
write('node_modules/esm/lib/index.js', '');
write('node_modules/cjs/package.json', JSON.stringify({ main: 'index.js' }));
// A package of CommonJS whose ES build says so in a package.json of its own.
write('node_modules/dual/package.json', JSON.stringify({ main: 'cjs/index.js' }));
write('node_modules/dual/esm/package.json', JSON.stringify({ type: 'module' }));
write('src/package.json', JSON.stringify({ type: 'module' }));
const url = (path: string): string => pathToFileURL(join(root, path)).href;

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('fastResolution', () => {
  it('resolves a relative .js import inside an ES-module package as Node would, without its package scope lookup', () => {
    const isModule = packageTypes();
    expect(fastResolution('./util.js', url('node_modules/esm/lib/index.js'), isModule)).toEqual({
      url: url('node_modules/esm/lib/util.js'),
      format: 'module',
    });
    expect(fastResolution('../index.js', url('node_modules/dual/esm/sub/a.js'), isModule)?.url).toBe(
      url('node_modules/dual/esm/index.js'),
    );
    expect(fastResolution('./x.mjs', url('node_modules/cjs/index.js'), isModule)?.format).toBe('module');
  });

  it('leaves Node everything else: CommonJS packages, our own sources, names, other extensions, a way out of node_modules', () => {
    const isModule = packageTypes();
    expect(fastResolution('./util.js', url('node_modules/cjs/index.js'), isModule)).toBeUndefined();
    expect(fastResolution('./index.js', url('node_modules/dual/other.js'), isModule)).toBeUndefined();
    expect(fastResolution('./b.js', url('src/a.ts'), isModule)).toBeUndefined();
    expect(fastResolution('esm', url('node_modules/esm/lib/index.js'), isModule)).toBeUndefined();
    expect(fastResolution('./data.json', url('node_modules/esm/lib/index.js'), isModule)).toBeUndefined();
    expect(fastResolution('./util', url('node_modules/esm/lib/index.js'), isModule)).toBeUndefined();
    expect(fastResolution('../../../src/a.js', url('node_modules/esm/lib/index.js'), isModule)).toBeUndefined();
    expect(fastResolution('./util.js', undefined, isModule)).toBeUndefined();
  });
});

describe('byName', () => {
  it('tells a package name (with a path in it or not) from a path, an address and a built-in', () => {
    for (const name of ['fastify', '@fastify/static', 'drizzle-orm/pg-core', 'lodash.merge', 'fs']) {
      expect(byName(name), name).toBe(true);
    }
    for (const other of ['./a.js', '../b.js', '/abs.js', 'file:///x.js', 'node:fs', '#internal', '.']) {
      expect(byName(other), other).toBe(false);
    }
  });
});
