// The longest run of items two lists share in order, matched by id: how a reader pairs the items
// of two versions of a list (the rest were added, removed or moved).

/** The pairs of places (in `a`, in `b`) of the longest run of ids the lists share in order. */
export function commonRun(a: readonly { id: number }[], b: readonly { id: number }[]): [number, number][] {
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      const row = lengths[i] as number[];
      const next = lengths[i + 1] as number[];
      row[j] = a[i]?.id === b[j]?.id ? (next[j + 1] as number) + 1 : Math.max(next[j] as number, row[j + 1] as number);
    }
  }
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]?.id === b[j]?.id) {
      pairs.push([i, j]);
      i += 1;
      j += 1;
    } else if ((lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0)) i += 1;
    else j += 1;
  }
  return pairs;
}
