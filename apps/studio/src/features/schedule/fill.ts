// Filling a gap of slate from a set of programmes (a category of the catalogue), as a scheduler's
// rotation does: those the day airs least recently (or not at all) first, each fitting what is
// left of the gap whole (the fixed start after it would cut one a little too long), none within a
// set time of another airing of itself. Pure: the gap, the day's airings and the programmes are
// given.

/** A programme that may fill the gap: its id and length. */
export interface FillCandidate {
  id: number;
  seconds: number;
}

export interface FillGap {
  /** When the slate begins (ms since the epoch) and how long it lasts. */
  start: number;
  seconds: number;
  /** No programme airs twice within this many seconds (0: it may follow itself). */
  noRepeatSeconds: number;
  /** The day's other airings, by id and start (ms), which the rule counts too. */
  airings: readonly { id: number; start: number }[];
}

/** The programmes that fill the gap from its start, in the order they air; what none fits stays slate. */
export function fillGap(candidates: readonly FillCandidate[], gap: FillGap): FillCandidate[] {
  const airings = [...gap.airings];
  const picks: FillCandidate[] = [];
  const noRepeatMs = gap.noRepeatSeconds * 1000;
  /** The last time a programme airs in the day so far, or -Infinity: the rotation's order. */
  const lastAired = (id: number): number =>
    airings.reduce((last, airing) => (airing.id === id ? Math.max(last, airing.start) : last), -Infinity);
  let at = gap.start;
  let left = gap.seconds;
  for (;;) {
    const order = candidates
      .map((candidate, place) => ({ candidate, place, last: lastAired(candidate.id) }))
      .sort((a, b) => a.last - b.last || a.place - b.place);
    const chosen = order.find(
      ({ candidate }) =>
        candidate.seconds > 0 &&
        candidate.seconds <= left &&
        !airings.some((airing) => airing.id === candidate.id && Math.abs(airing.start - at) < noRepeatMs),
    )?.candidate;
    if (chosen === undefined) return picks;
    picks.push(chosen);
    airings.push({ id: chosen.id, start: at });
    at += chosen.seconds * 1000;
    left -= chosen.seconds;
  }
}
