// ru-latn is Russian in the Latin script by ICAO Doc 9303 (the standard of Russian passports since
// 2013): plain ASCII letters, readable without diacritics. Only Cyrillic letters change, so URLs,
// numbers and dates pass through untouched.

const letters: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: 'ie',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
};

const cyrillic = /[\u0400-\u04ff]/u;
const cyrillicRun = /[\u0400-\u04ff]+/gu;

function isUpper(char: string | undefined): boolean {
  return char !== undefined && char !== char.toLowerCase() && char === char.toUpperCase();
}

function transliterateWord(word: string, before: string | undefined, after: string | undefined): string {
  let out = '';
  for (let i = 0; i < word.length; i += 1) {
    const char = word[i] as string;
    const lower = char.toLowerCase();
    const latin = letters[lower] ?? lower;
    if (!isUpper(char)) {
      out += latin;
      continue;
    }
    // An upper-case letter inside an all-caps word stays all caps (ЩИ → SHCHI, not ShchI).
    const prev = i > 0 ? word[i - 1] : before;
    const next = i + 1 < word.length ? word[i + 1] : after;
    const allCaps = isUpper(next) || (next === undefined && isUpper(prev));
    out += allCaps ? latin.toUpperCase() : latin.charAt(0).toUpperCase() + latin.slice(1);
  }
  return out;
}

/** Russian text in the Latin script (ICAO Doc 9303); text without Cyrillic comes back as it is. */
export function toLatin(text: string): string {
  if (!cyrillic.test(text)) return text;
  return text.replace(cyrillicRun, (run, offset: number, whole: string) =>
    transliterateWord(run, whole[offset - 1], whole[offset + run.length]),
  );
}

/** Applies `toLatin` (or `convert`, a stand-in for it such as a memo of it) to every string inside a
 * JSON-like value, keys excepted. */
export function toLatinDeep<T>(value: T, convert: (text: string) => string = toLatin): T {
  if (typeof value === 'string') return convert(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => toLatinDeep(item, convert)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = toLatinDeep(item, convert);
    return out as T;
  }
  return value;
}
