// The browser's local storage under the spec's keys (SPEC §3). Storage may be unavailable
// (private modes, blocked cookies): reading then gives nothing and writing is skipped.

export const storageKeys = {
  locale: 'locale',
  theme: 'theme',
  nickname: 'nickname',
  radio: 'radio',
  token: 'token',
  rtime: 'rtime',
  cookiesAccepted: 'cookiesAccepted',
  /** The players' subtitles: 'on' once the visitor turned them on. */
  subtitles: 'subtitles',
} as const;

export type StorageKey = keyof typeof storageKeys;

export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(storageKeys[key]);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(storageKeys[key], value);
  } catch {
    // Nothing to keep it in; the choice lasts for this page only.
  }
}

export function removeStored(key: StorageKey): void {
  try {
    window.localStorage.removeItem(storageKeys[key]);
  } catch {
    // Nothing was stored either.
  }
}
