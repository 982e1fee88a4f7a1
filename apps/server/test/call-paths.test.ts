// A call's URL is written once, in packages/contract (call-routes.ts); everything else (the
// server, the web app, the CLI, the browser tests, the benchmarks, the tests) reaches it through
// the route tables or the client. This walks every TypeScript file's string and template
// literals for a path under /api/v1, /api/admin or /api/studio written by hand. The live streams'
// and the media files' addresses (streams.ts) are held to the same in the apps' sources; the
// tests and benchmarks may spell them, as a player would ask for them.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adminPrefix, apiPrefix, studioPrefix } from '@efir/contract';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url).pathname;

/** Where call paths are declared: the contract's package and nowhere else. */
const allowed = ['packages/contract/src/'];

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
const callPath = new RegExp(`(?:${[apiPrefix, adminPrefix, studioPrefix].map(escaped).join('|')})(?![\\w-])`, 'u');

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.ts', '*.tsx'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => file !== '' && !allowed.some((prefix) => file.startsWith(prefix)))
    .filter((file) => {
      try {
        readFileSync(join(root, file));
        return true;
      } catch {
        return false; // deleted in the working tree
      }
    });
}

/** A live stream's playlist (`/tv/stream.m3u8`, `/radio/shift/+4/m3u/…`) or a media file's
 * address (`/media/v/…`; not DATA_DIR/media, a folder). */
const streamOrMediaPath = /stream\.m3u8|\/(tv|radio)\/(shift|m3u|apple|\d+)\/|(?<![\w.])\/media\//u;

/** The literals of a source text that match `pattern` (a call path), as `file:line: text`. */
function literalPaths(file: string, text: string, pattern: RegExp = callPath): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    const literal =
      ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)
        ? node.text
        : ts.isRegularExpressionLiteral(node)
          ? node.text.replaceAll('\\/', '/') // a regular expression spells a slash `\/`
          : undefined;
    if (literal !== undefined && pattern.test(literal)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${file}:${String(line + 1)}: ${literal}`);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

describe('call paths', () => {
  it(`are written only in ${allowed.join(', ')}`, () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => literalPaths(file, readFileSync(join(root, file), 'utf8')))).toEqual([]);
  });

  it("and the streams' and media's addresses are written in the apps' sources only through the contract", () => {
    const sources = sourceFiles().filter(
      (file) => /^apps\/[^/]+\/src\//u.test(file) && !/\.test\.tsx?$/u.test(file) && !file.includes('/test/'),
    );
    expect(sources.length).toBeGreaterThan(100);
    expect(
      sources.flatMap((file) => literalPaths(file, readFileSync(join(root, file), 'utf8'), streamOrMediaPath)),
    ).toEqual([]);
    const found = (code: string): number => literalPaths('probe.ts', code, streamOrMediaPath).length;
    expect(found(`const a = channel === 'tv' ? '/tv/stream.m3u8' : x;`)).toBe(1);
    expect(found('const a = `/media/${folder}/index.m3u8`;')).toBe(1);
    expect(found("const a = '/radio/m3u/';")).toBe(1);
    expect(found("const a = 'DATA_DIR/media/p'; const b = '/radio'; const c = '/tv/program';")).toBe(0);
  });

  it('are found in string, template and regular-expression literals, not in comments', () => {
    const found = (code: string): number => literalPaths('probe.ts', code).length;
    expect(found(`const a = '${apiPrefix}/get/video/1/';`)).toBe(1);
    expect(found(`const a = \`\${site}${adminPrefix}/jobs\`;`)).toBe(1);
    expect(found(`const a = \`\${site}${adminPrefix}\${path}\`;`)).toBe(1);
    expect(found(`const a = /${escaped(apiPrefix)}\\/x/u;`)).toBe(1);
    expect(found(`// ${apiPrefix} in a comment\nconst a = '/api/docs'; const b = '${apiPrefix}x';`)).toBe(0);
  });
});
