// What the tests of the answers served from memory compare them with: the site's own bytes.
import { type Locale, toLatinDeep } from '@efir/contract';
import { z } from 'zod';

/** An answer as the site's serializer writes it from the database's rows, in the script asked. */
export function siteBytes<T>(schema: z.ZodType<T>, value: T, locale: Locale): string {
  return JSON.stringify(z.encode(schema, locale === 'ru-latn' ? toLatinDeep(value) : value));
}
