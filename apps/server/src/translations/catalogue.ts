// The interface's message catalogues. ru-cyrl is kept by hand; ru-latn is derived from it by the
// one transliteration standard (ICAO Doc 9303), with overrides where a word reads better otherwise
// (the brand, the script switch that names the other script).
import { readFileSync } from 'node:fs';
import { type Locale, type Translations, toLatin, translationsSchema } from '@efir/contract';

function load(name: string): Translations {
  return translationsSchema.parse(JSON.parse(readFileSync(new URL(name, import.meta.url), 'utf8')));
}

/** The ru-latn catalogue from the ru-cyrl one and the overrides (kept verbatim, not transliterated). */
export function deriveLatin(cyrillic: Translations, overrides: Translations): Translations {
  const unknown = Object.keys(overrides).filter((key) => !(key in cyrillic));
  if (unknown.length > 0) throw new Error(`ru-latn overrides for keys ru-cyrl lacks: ${unknown.join(', ')}`);
  return Object.fromEntries(Object.entries(cyrillic).map(([key, text]) => [key, overrides[key] ?? toLatin(text)]));
}

export function loadCatalogues(): Record<Locale, Translations> {
  const cyrillic = load('./ru-cyrl.json');
  return { 'ru-cyrl': cyrillic, 'ru-latn': deriveLatin(cyrillic, load('./ru-latn.overrides.json')) };
}
