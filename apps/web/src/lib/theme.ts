// Light or dark, stored under `theme` ('dark' or 'light'). index.html applies the stored theme
// before the first paint; this switches it afterwards.
import { useSyncExternalStore } from 'react';
import { createListeners } from './listeners.ts';
import { readStored, writeStored } from './storage.ts';

export type Theme = 'light' | 'dark';

function current(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

const listeners = createListeners();

export function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'dark' ? '#0f1722' : '#ffffff');
  writeStored('theme', theme);
  listeners.notify();
}

export function storedTheme(): Theme | undefined {
  const value = readStored('theme');
  if (value === 'dark' || value === 'true') return 'dark';
  if (value === 'light' || value === 'false') return 'light';
  return undefined;
}

export function useTheme(): Theme {
  return useSyncExternalStore(listeners.subscribe, current, () => 'light');
}
