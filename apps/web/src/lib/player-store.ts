// The global player's state (SPEC §3, §4): inactive, or active with the type 'file' (a radio
// recording chosen in a catalogue, search or programme) or 'efir' (live). The current radio is
// kept under `radio` so a reload finds it again; `rtime` keeps where it was.
import type { Radio } from '@efir/contract';
import { useSyncExternalStore } from 'react';
import { createListeners } from './listeners.ts';
import { readStored, removeStored, writeStored } from './storage.ts';

export type PlayerType = '' | 'file' | 'efir';

export interface PlayerState {
  active: boolean;
  type: PlayerType;
  radio: Radio | null;
  /** Whether the radio should start on its own (a visitor's click), not when restored. */
  autoPlay: boolean;
  /** Counts choices, so choosing the same radio again restarts it. */
  choice: number;
}

const inactive: PlayerState = { active: false, type: '', radio: null, autoPlay: false, choice: 0 };

/** A radio as `playRadio` stored it; storage outlives versions and can be edited, so it is checked. */
function isStoredRadio(value: unknown): value is Radio {
  if (typeof value !== 'object' || value === null) return false;
  const radio = value as Record<string, unknown>;
  const author = radio['author'];
  return (
    ['id', 'duration', 'draft', 'prosmotri', 'category_id'].every((key) => typeof radio[key] === 'number') &&
    ['name', 'get_preview', 'link_radio', 'date_added'].every((key) => typeof radio[key] === 'string') &&
    typeof author === 'object' &&
    author !== null &&
    typeof (author as Record<string, unknown>)['name'] === 'string'
  );
}

function restored(): PlayerState {
  const stored = readStored('radio');
  if (stored === null) return inactive;
  try {
    const radio: unknown = JSON.parse(stored);
    // A radio stored before it had a file to save gets none.
    if (isStoredRadio(radio)) {
      const stored = { ...radio, link_download: typeof radio.link_download === 'string' ? radio.link_download : '' };
      return { active: true, type: 'file', radio: stored, autoPlay: false, choice: 0 };
    }
  } catch {
    // Not JSON: dropped below.
  }
  removeStored('radio');
  return inactive;
}

let state: PlayerState = inactive;
let started = false;
const listeners = createListeners();

function set(next: PlayerState): void {
  state = next;
  listeners.notify();
}

function snapshot(): PlayerState {
  if (!started) {
    started = true;
    state = restored();
  }
  return state;
}

/** Plays a radio recording in the file player. */
export function playRadio(radio: Radio): void {
  writeStored('radio', JSON.stringify(radio));
  removeStored('rtime');
  set({ active: true, type: 'file', radio, autoPlay: true, choice: snapshot().choice + 1 });
}

/** Stops whatever plays and makes the live radio ('efir') the player: entering /radio (SPEC §4). */
export function startEfir(): void {
  removeStored('radio');
  removeStored('rtime');
  set({ active: true, type: 'efir', radio: null, autoPlay: false, choice: snapshot().choice + 1 });
}

/** Closes the player: the stored radio and its time go, the state is cleared. */
export function closePlayer(): void {
  removeStored('radio');
  removeStored('rtime');
  set({ ...inactive, choice: snapshot().choice });
}

/** Forgets the stored radio without closing what plays (the video page's rule). */
export function forgetStoredRadio(): void {
  removeStored('radio');
  removeStored('rtime');
}

export function usePlayer(): PlayerState {
  return useSyncExternalStore(listeners.subscribe, snapshot, () => inactive);
}
