// Notices a player that stands still while it should play. hls.js can end up there with nothing
// reported: after an outage it switched down to a rendition whose refreshed live window no longer
// holds the segment after its buffer, and it reloads that playlist for ever without loading a
// segment. A stream that once played and then stood still this long is attached again.

export interface StallWatch {
  /** One reading of the element; answers true once per stall when it has stood `stallMs`. */
  observe(time: number, shouldPlay: boolean, now: number): boolean;
}

export function createStallWatch(stallMs: number): StallWatch {
  let moved = false;
  let last = Number.NaN;
  let since = 0;
  let played = false;
  return {
    observe(time, shouldPlay, now) {
      const resumed = shouldPlay && !played;
      played = shouldPlay;
      if (!shouldPlay || resumed || time !== last) {
        if (shouldPlay && !resumed && !Number.isNaN(last)) moved = true;
        last = time;
        since = now;
        return false;
      }
      if (!moved || now - since < stallMs) return false;
      since = now;
      return true;
    },
  };
}
