// The interface's words come from the server's catalogue for the page's script
// (the `translations` call); the app renders once it is here.
import { apiUrl, type Locale, type Translations } from '@efir/contract';
import { queryOptions } from '@tanstack/react-query';
import { createContext, use } from 'react';
import { api, ApiError, callKey } from './api.ts';

export class LocaleLoadError extends Error {
  constructor(cause: unknown) {
    super('Cannot load locale', { cause });
    this.name = 'LocaleLoadError';
  }
}

declare global {
  interface Window {
    /** The catalogue's request, made by index.html before the app's code arrived. */
    efirTranslations?: { locale: string; answer: Promise<Response> };
  }
}

/** The request index.html already made for this locale, taken once. */
async function earlyAnswer(locale: Locale): Promise<Translations | undefined> {
  const early = window.efirTranslations;
  window.efirTranslations = undefined;
  if (early === undefined) return undefined;
  if (early.locale !== locale) {
    // Asked for another script than the page settled on: not needed, and its failure is no error.
    early.answer.catch(() => undefined);
    return undefined;
  }
  const response = await early.answer;
  if (!response.ok) throw new ApiError(apiUrl('translations', { params: { locale } }), response.status);
  return (await response.json()) as Translations;
}

export async function getTranslations(locale: Locale, signal?: AbortSignal): Promise<Translations> {
  try {
    const early = await earlyAnswer(locale);
    if (early !== undefined) return early;
    return await api('translations', { params: { locale }, signal });
  } catch (error) {
    throw error instanceof ApiError || error instanceof TypeError ? new LocaleLoadError(error) : error;
  }
}

export const translationsQuery = (locale: Locale) =>
  queryOptions({
    queryKey: callKey('translations', { params: { locale } }),
    queryFn: ({ signal }) => getTranslations(locale, signal),
    staleTime: Infinity,
  });

export type Translate = (key: string, values?: Record<string, string | number>) => string;

export interface I18n {
  /** The page's script. */
  locale: Locale;
  /** The locale the URL carries, which internal links keep; undefined for bare paths. */
  urlLocale: Locale | undefined;
  t: Translate;
}

export function makeTranslate(catalogue: Translations): Translate {
  return (key, values) => {
    const text = catalogue[key];
    if (text === undefined) {
      console.error(`missing translation: ${key}`);
      return key;
    }
    if (values === undefined) return text;
    return text.replace(/\{(\w+)\}/gu, (whole, name: string) => String(values[name] ?? whole));
  };
}

export const I18nContext = createContext<I18n | null>(null);

export function useI18n(): I18n {
  const i18n = use(I18nContext);
  if (i18n === null) throw new Error('useI18n outside the I18nContext');
  return i18n;
}
