// Lays out a demo broadcast day: items back to back from midnight, the fixed-time slots taken by
// the named items, an ad after every few programmes, until the day is full; around the moment of
// a first start, short items only.

export interface ScheduledItem<T> {
  subject: T;
  /** Seconds after midnight, set only for items that must start at a fixed time. */
  fixedStart: number | undefined;
  /** Seconds after midnight the item is expected to start at. */
  start: number;
  isAd: boolean;
  /** A draft is listed but does not air, so it takes no time of the day. */
  draft: boolean;
}

export interface DayPlan<T> {
  /** Programmes to cycle through, in order. */
  programmes: readonly T[];
  ads: readonly T[];
  durationOf: (subject: T) => number;
  /** Fixed-time slots: seconds after midnight and the item that takes them. */
  fixed: readonly { at: number; subject: T }[];
  adEvery: number;
  /** Where in `programmes` this day starts, so consecutive days differ. */
  offset: number;
  dayLength?: number;
  /** From `from` until `until` (seconds after midnight) the day cycles these programmes instead:
   * the demo's first start airs short items, whose media are made in seconds (docs/MEDIA.md). */
  opening?: { from: number; until: number; programmes: readonly T[] };
  /** Every this many items, one is a draft; the day is laid out with what airs, so it stays full. */
  draftEvery?: number;
}

export function layOutDay<T>(plan: DayPlan<T>): ScheduledItem<T>[] {
  const dayLength = plan.dayLength ?? 24 * 60 * 60;
  const fixed = [...plan.fixed].sort((a, b) => a.at - b.at);
  const items: ScheduledItem<T>[] = [];
  let clock = 0;
  let cursor = plan.offset;
  let sinceAd = 0;
  let adCursor = plan.offset;
  let openingCursor = 0;
  const opening = plan.opening;
  const draftAt = (position: number): boolean =>
    plan.draftEvery !== undefined && position % plan.draftEvery === plan.draftEvery - 1;
  while (clock < dayLength && plan.programmes.length > 0) {
    const nextFixed = fixed[0];
    const inOpening =
      opening !== undefined && opening.programmes.length > 0 && clock >= opening.from && clock < opening.until;
    const programme = inOpening
      ? (opening.programmes[openingCursor % opening.programmes.length] as T)
      : (plan.programmes[cursor % plan.programmes.length] as T);
    const length = plan.durationOf(programme);
    if (nextFixed !== undefined && clock + length > nextFixed.at) {
      // The programme would run into a fixed slot: leave a gap (the channel fills it) and go on.
      fixed.shift();
      items.push({
        subject: nextFixed.subject,
        fixedStart: nextFixed.at,
        start: nextFixed.at,
        isAd: false,
        draft: false,
      });
      clock = nextFixed.at + plan.durationOf(nextFixed.subject);
      continue;
    }
    const draft = draftAt(items.length);
    items.push({ subject: programme, fixedStart: undefined, start: clock, isAd: false, draft });
    if (!draft) clock += length;
    if (inOpening) openingCursor += 1;
    else cursor += 1;
    sinceAd += 1;
    if (sinceAd >= plan.adEvery && plan.ads.length > 0) {
      const ad = plan.ads[adCursor % plan.ads.length] as T;
      const adDraft = draftAt(items.length);
      items.push({ subject: ad, fixedStart: undefined, start: clock, isAd: true, draft: adDraft });
      if (!adDraft) clock += plan.durationOf(ad);
      adCursor += 1;
      sinceAd = 0;
    }
  }
  return items;
}

/** HH:mm:ss of seconds after midnight. */
export function clockTimeOf(seconds: number): string {
  const whole = Math.floor(seconds);
  const hh = String(Math.floor(whole / 3600)).padStart(2, '0');
  const mm = String(Math.floor((whole % 3600) / 60)).padStart(2, '0');
  const ss = String(whole % 60).padStart(2, '0');
  return `${hh}:${mm}:${ss}`;
}
