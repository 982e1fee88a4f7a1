import { defaultLocale, type Locale, localeSchema } from '@efir/contract';

/**
 * The script an answer is written in, from Accept-Language: the most preferred of ru-cyrl and
 * ru-latn the header names (case-insensitive, q-values honoured), else ru-cyrl.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (header === undefined || header === '') return defaultLocale;
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.split(',').slice(0, 20)) {
    const [tag = '', ...params] = part.trim().split(';');
    const parsed = localeSchema.safeParse(tag.trim().toLowerCase());
    if (!parsed.success) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    if (best === undefined || q > best.q) best = { locale: parsed.data, q };
  }
  return best?.locale ?? defaultLocale;
}
