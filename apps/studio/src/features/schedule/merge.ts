// Bringing one editor's changes to a day onto a version someone else saved meanwhile: the changes
// are read off the version both began from (items added, removed, changed; the day's own
// fields) and each can be carried over, or not, onto the other's version. Items are matched by
// their programme, in order (the longest common run), as a reader of the two lists would.
import { commonRun } from '../../lib/common-run.ts';

/** An item of a day as the merge sees it: its programme and its own marks. */
export interface Line {
  id: number;
  startsAt: string | null;
  isAd: boolean;
  draft: number;
}

/** The day's own fields, compared whole. */
export interface DayFields {
  startsAt: string;
  finishedText: string;
  tickers: string;
}

export type Change<T extends Line> =
  | { kind: 'insert'; after: number; line: T }
  | { kind: 'remove'; at: number; line: T }
  | { kind: 'edit'; at: number; line: T; was: T }
  | { kind: 'day'; field: keyof DayFields; value: string };

const sameMarks = (a: Line, b: Line): boolean => a.startsAt === b.startsAt && a.isAd === b.isAd && a.draft === b.draft;

/** What was changed from `base` to `changed`, item by item and field by field. */
export function changesOf<T extends Line>(
  base: { fields: DayFields; items: readonly T[] },
  changed: { fields: DayFields; items: readonly T[] },
): Change<T>[] {
  const out: Change<T>[] = [];
  for (const field of ['startsAt', 'finishedText', 'tickers'] as const) {
    if (base.fields[field] !== changed.fields[field]) out.push({ kind: 'day', field, value: changed.fields[field] });
  }
  const pairs = commonRun(base.items, changed.items);
  const matchOfBase = new Map(pairs);
  const matchOfChanged = new Map(pairs.map(([i, j]) => [j, i]));
  base.items.forEach((line, at) => {
    const j = matchOfBase.get(at);
    if (j === undefined) out.push({ kind: 'remove', at, line });
    else {
      const now = changed.items[j] as T;
      if (!sameMarks(line, now)) out.push({ kind: 'edit', at, line: now, was: line });
    }
  });
  /** The base place of the last matched item before each new one: where it goes. */
  let after = -1;
  changed.items.forEach((line, j) => {
    const at = matchOfChanged.get(j);
    if (at !== undefined) after = at;
    else out.push({ kind: 'insert', after, line });
  });
  return out;
}

/**
 * `theirs` with the chosen changes (made from `base`) carried over: an added item goes after its
 * neighbour's match in theirs, a removed or changed one acts on its match; what they removed
 * already stays removed. Their day fields stay unless a change of one is chosen.
 */
export function carryOver<T extends Line>(
  base: readonly T[],
  theirs: { fields: DayFields; items: readonly T[] },
  chosen: readonly Change<T>[],
): { fields: DayFields; items: T[] } {
  const theirPlace = new Map(commonRun(base, theirs.items));
  /** Their place of base item `at`, or of the nearest matched one before it (-1: the start). */
  const anchor = (at: number): number => {
    for (let k = at; k >= 0; k -= 1) {
      const place = theirPlace.get(k);
      if (place !== undefined) return place;
    }
    return -1;
  };
  const removed = new Set<number>();
  const edited = new Map<number, T>();
  const inserted = new Map<number, T[]>();
  const fields = { ...theirs.fields };
  for (const change of chosen) {
    if (change.kind === 'day') fields[change.field] = change.value;
    else if (change.kind === 'insert') {
      const at = anchor(change.after);
      inserted.set(at, [...(inserted.get(at) ?? []), change.line]);
    } else {
      const place = theirPlace.get(change.at);
      if (place === undefined) continue;
      if (change.kind === 'remove') removed.add(place);
      else edited.set(place, { ...(theirs.items[place] as T), ...marksOf(change.line) });
    }
  }
  const items: T[] = [...(inserted.get(-1) ?? [])];
  theirs.items.forEach((line, place) => {
    if (!removed.has(place)) items.push(edited.get(place) ?? line);
    items.push(...(inserted.get(place) ?? []));
  });
  return { fields, items };
}

const marksOf = (line: Line): Omit<Line, 'id'> => ({
  startsAt: line.startsAt,
  isAd: line.isAd,
  draft: line.draft,
});
