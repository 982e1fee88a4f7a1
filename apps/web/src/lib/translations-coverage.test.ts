// Every interface key the web app uses exists in the server's catalogue (ru-latn is derived from
// ru-cyrl with the same keys, so one check covers both scripts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = new URL('..', import.meta.url).pathname;
const catalogue = JSON.parse(
  readFileSync(new URL('../../../server/src/translations/ru-cyrl.json', import.meta.url), 'utf8'),
) as Record<string, string>;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/u.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

function usedKeys(): Set<string> {
  const keys = new Set<string>();
  // A call of t, a table's label, and a Page's title (translated by the Page).
  const patterns = [
    /\bt\(\s*'([a-z_0-9]+\.[a-z_0-9.]+)'/gu,
    /\blabel: '([a-z_0-9]+\.[a-z_0-9.]+)'/gu,
    /<Page title="([a-z_0-9]+\.[a-z_0-9.]+)"/gu,
  ];
  for (const file of sources(src)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) keys.add(match[1] ?? '');
  }
  return keys;
}

describe('translation keys', () => {
  it('finds the keys the screens use', () => {
    expect(usedKeys().size).toBeGreaterThan(60);
  });

  it('has every used key in the catalogue', () => {
    const missing = [...usedKeys()].filter((key) => !(key in catalogue));
    expect(missing).toEqual([]);
  });

  it('leaves no Cyrillic interface text in the web sources', () => {
    // Words of the interface come from the catalogue; a Cyrillic literal in a component would stay
    // Cyrillic in ru-latn.
    const code = (file: string): string =>
      readFileSync(file, 'utf8')
        .replaceAll(/\/\*[\s\S]*?\*\//gu, '')
        .replaceAll(/\/\/.*$/gmu, '');
    const cyrillic = sources(src).filter((file) => /[\u0400-\u04ff]/u.test(code(file)));
    expect(cyrillic.map((file) => file.slice(src.length))).toEqual(['lib/dates.ts']);
  });
});
