// No module imports itself through others: a circle ties its modules into one that cannot be
// understood, tested or loaded apart (and with values, not only types, loads half-made modules).
// Walks the sources' relative imports and exports (TypeScript's own pre-processing, types too).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url).pathname;

/** The relative imports of each source file (tests and generated migrations left out). */
function importGraph(): Map<string, string[]> {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /^(apps\/[^/]+\/src|packages\/[^/]+\/src)\//u.test(file))
    .filter((file) => !/\.test\.tsx?$/u.test(file) && !file.includes('/migrations/'));
  const known = new Set(listed);
  return new Map(
    listed.flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(join(root, file), 'utf8');
      } catch {
        return []; // deleted in the working tree
      }
      const imported = ts
        .preProcessFile(text, true, true)
        .importedFiles.map((entry) => entry.fileName)
        .filter((name) => name.startsWith('.'))
        .map((name) => normalize(join(dirname(file), name)))
        .filter((name) => known.has(name));
      return [[file, imported]];
    }),
  );
}

/** Each circle once, as `a → b → a`. */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const circles: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') circles.push([...path.slice(path.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return circles;
}

describe('imports', () => {
  it('make no circle in any app or package', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(300);
    expect(circlesOf(graph)).toEqual([]);
  });

  it('are found through type-only imports and re-exports', () => {
    const files = new Map([
      ['a.ts', "import type { B } from './b.ts';\nexport const a = 1;"],
      ['b.ts', "export * from './c.ts';"],
      ['c.ts', "import { a } from './a.ts';"],
    ]);
    const graph = new Map(
      [...files].map(([file, text]) => [
        file,
        ts.preProcessFile(text, true, true).importedFiles.map((entry) => normalize(entry.fileName)),
      ]),
    );
    expect(circlesOf(graph)).toEqual(['a.ts → b.ts → c.ts → a.ts']);
  });
});
