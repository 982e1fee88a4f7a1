import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readDemoTexts, videoCategories } from './texts.ts';

const shipped = new URL('./texts.json', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'efir-demo-texts-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Writes the shipped texts with one change made by `edit` and reads them back. */
function readEdited(edit: (texts: Record<string, unknown>) => void): () => unknown {
  const texts = JSON.parse(readFileSync(shipped, 'utf8')) as Record<string, unknown>;
  edit(texts);
  const file = join(dir, `texts-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(texts));
  return () => readDemoTexts(pathToFileURL(file));
}

describe('the demo texts file', () => {
  it('holds the catalogue the demo writes', () => {
    expect(videoCategories.length).toBeGreaterThan(5);
    expect(videoCategories.every((category) => category.videos.length > 0)).toBe(true);
  });

  it('names the file and the field when an edit breaks a value', () => {
    const read = readEdited((texts) => {
      (texts.videoCategories as { videos: { censored: number }[] }[])[1]!.videos[2]!.censored = 7;
    });
    expect(read).toThrow(/texts-.*\.json[\s\S]*videoCategories\[1\]\.videos\[2\]\.censored/u);
  });

  it('refuses a field nobody reads, which is a misspelt one', () => {
    const read = readEdited((texts) => {
      texts.finishedTxt = texts.finishedText;
    });
    expect(read).toThrow(/finishedTxt/u);
  });
});
