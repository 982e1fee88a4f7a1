// What the live radio player plays: the channel or a regional copy, live or rewound to an instant;
// set from the /radio page's rewind bar and the player's own «live» button, followed by the
// shell's player wherever the visitor goes. The instant the sound plays is read from the player
// beside it (not rendered) by the page every second.
import { useSyncExternalStore } from 'react';
import { createListeners } from './listeners.ts';
import { createPictureReader } from './rewind.ts';
import { chosenShift } from './streams.ts';

export interface EfirWatching {
  shift: number;
  /** The instant the stream starts at (ms), or undefined: live. */
  from: number | undefined;
}

let watching: EfirWatching | undefined;
const sound = createPictureReader();
const listeners = createListeners();

function current(): EfirWatching {
  watching ??= { shift: chosenShift('radio'), from: undefined };
  return watching;
}

export function watchEfir(next: Partial<EfirWatching>): void {
  watching = { ...current(), ...next };
  sound.follow(undefined, true);
  listeners.notify();
}

export function useEfirWatching(): EfirWatching {
  return useSyncExternalStore(listeners.subscribe, current, current);
}

/** The instant the live radio's sound plays, once it plays. */
export function efirPlaying(): number | undefined {
  return sound.playing();
}

/** Where `efirPlaying` reads the sound's instant: the player attached, or none. */
export function followEfirPlaying(read: (() => number | undefined) | undefined): void {
  sound.follow(read);
}
