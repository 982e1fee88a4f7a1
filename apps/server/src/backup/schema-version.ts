// The schema a backup was taken at: the last migration this program applies (every open of the
// database applies them all), named as in the migrations' journal.
import { readFileSync } from 'node:fs';

const journal = new URL('../db/migrations/meta/_journal.json', import.meta.url);

export function schemaVersion(): string {
  const { entries } = JSON.parse(readFileSync(journal, 'utf8')) as { entries: { tag: string }[] };
  const last = entries.at(-1);
  if (last === undefined) throw new Error('the migrations journal is empty');
  return last.tag;
}
