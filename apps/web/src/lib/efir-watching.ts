// What the live radio player plays: the channel or a regional copy, live or rewound to an instant;
// set from the /radio page's rewind bar and the player's own «live» button, followed by the
// shell's player wherever the visitor goes. The instant the sound plays is kept beside it, read
// (not rendered) by the page every second.
import { useSyncExternalStore } from 'react';
import { createListeners } from './listeners.ts';
import { chosenShift } from './streams.ts';

export interface EfirWatching {
  shift: number;
  /** The instant the stream starts at (ms), or undefined: live. */
  from: number | undefined;
}

let watching: EfirWatching | undefined;
let playingAt: number | undefined;
const listeners = createListeners();

function current(): EfirWatching {
  watching ??= { shift: chosenShift('radio'), from: undefined };
  return watching;
}

export function watchEfir(next: Partial<EfirWatching>): void {
  watching = { ...current(), ...next };
  playingAt = undefined;
  listeners.notify();
}

export function useEfirWatching(): EfirWatching {
  return useSyncExternalStore(listeners.subscribe, current, current);
}

/** The instant the live radio's sound plays, once it plays. */
export function efirPlaying(): number | undefined {
  return playingAt;
}

export function setEfirPlaying(at: number | undefined): void {
  playingAt = at;
}
